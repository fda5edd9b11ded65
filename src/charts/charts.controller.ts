import { Controller, Get, Query } from '@nestjs/common';
import { ChartsService } from './charts.service';
import { GetRanksQuery } from './dto/get-ranks.dto';

@Controller()
export class ChartsController {
  constructor(private readonly charts: ChartsService) {}

  @Get('getRanks')
  getRanks(@Query() query: GetRanksQuery) {
    return this.charts.getRanks(query);
  }
}
