import { SkipThrottle } from '@nestjs/throttler';
import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { MetricsService } from './metrics.service';

@ApiExcludeController()
@Controller()
@SkipThrottle()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  async metricsText(@Res() res: Response): Promise<void> {
    const { contentType, text } = await this.metrics.scrape();
    res.type(contentType).send(text);
  }
}
