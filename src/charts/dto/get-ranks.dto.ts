import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ToBool, ToInt } from '../../common/validation';

// Decorators run bottom-up with stopAtFirstError: the type check sits last so it speaks first.
export class GetRanksQuery {
  /** Chart id (4 rising, 62 hot, 208 new, 6 original, 104 MV…). Omitted: the list of all charts. */
  @IsOptional()
  @ToInt()
  @Max(99999, { message: 'topId must be a valid chart id' })
  @Min(1, { message: 'topId must be a positive chart id' })
  @IsInt({ message: 'topId must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Chart id (the spec\'s labels: 4 rising, 62 hot songs, 208 new songs, 6 original, 104 MV; QQ Music names 62 飙升榜 and 4 流行指数, see topList.name; or any id listed by /getRanks without topId). Omitted: every chart, grouped. An unknown id → 404 CHART_NOT_FOUND.', minimum: 1, maximum: 99999, example: 62 })
  topId?: number;

  @IsOptional()
  @ToInt()
  @Max(300, { message: 'limit must be between 1 and 300' })
  @Min(1, { message: 'limit must be between 1 and 300' })
  @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Songs per page.', default: 20, minimum: 1, maximum: 300, example: 10 })
  limit: number = 20;

  /** 0-based page; upstream offset = page × limit. */
  @IsOptional()
  @ToInt()
  @Max(1000, { message: 'page must be at most 1000' })
  @Min(0, { message: 'page must be 0 or more' })
  @IsInt({ message: 'page must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based page; upstream offset = page × limit.', default: 0, minimum: 0, maximum: 1000, example: 0 })
  page: number = 0;

  @IsOptional()
  @ToBool()
  @IsBoolean({ message: 'resolveMid must be true or false' })
  @ApiPropertyOptional({ type: 'boolean', description: '`true`/`1` or `false`/`0`: look up the MID of each song upstream did not give one for (at most 5 lookups in flight).', default: false, example: true })
  resolveMid: boolean = false;
}
