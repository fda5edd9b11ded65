import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ToBool, ToInt } from '../../common/validation';

export class GetRanksQuery {
  /** Chart id (4 rising, 62 hot, 208 new, 6 original, 104 MV…). Omitted: the list of all charts. */
  @IsOptional() @ToInt() @IsInt({ message: 'topId must be an integer' }) @Min(1, { message: 'topId must be a positive chart id' })
  @Max(99999, { message: 'topId must be a valid chart id' })
  topId?: number;

  @IsOptional() @ToInt() @IsInt({ message: 'limit must be an integer' })
  @Min(1, { message: 'limit must be between 1 and 300' }) @Max(300, { message: 'limit must be between 1 and 300' })
  limit: number = 20;

  /** 0-based page; upstream offset = page × limit. */
  @IsOptional() @ToInt() @IsInt({ message: 'page must be an integer' })
  @Min(0, { message: 'page must be 0 or more' }) @Max(1000, { message: 'page must be at most 1000' })
  page: number = 0;

  @IsOptional() @ToBool() @IsBoolean({ message: 'resolveMid must be true or false' })
  resolveMid: boolean = false;
}
