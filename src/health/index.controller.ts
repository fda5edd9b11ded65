import { SkipThrottle } from '@nestjs/throttler';
import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';

/** What GET / answers: the service's name and where to go next (a bare 404 told a newcomer nothing). */
export const SERVICE_INDEX = { name: 'qqmusic-gateway', docs: '/docs', openapi: '/docs-json', health: '/health/ready' } as const;

/** The root path points at the docs; not an API endpoint, so not in the OpenAPI document (like /metrics). */
@ApiExcludeController()
@Controller()
@SkipThrottle()
export class IndexController {
  @Get()
  index(): typeof SERVICE_INDEX {
    return SERVICE_INDEX;
  }
}
