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
  topId?: number;

  @IsOptional()
  @ToInt()
  @Max(300, { message: 'limit must be between 1 and 300' })
  @Min(1, { message: 'limit must be between 1 and 300' })
  @IsInt({ message: 'limit must be an integer' })
  limit: number = 20;

  /** 0-based page; upstream offset = page × limit. */
  @IsOptional()
  @ToInt()
  @Max(1000, { message: 'page must be at most 1000' })
  @Min(0, { message: 'page must be 0 or more' })
  @IsInt({ message: 'page must be an integer' })
  page: number = 0;

  @IsOptional()
  @ToBool()
  @IsBoolean({ message: 'resolveMid must be true or false' })
  resolveMid: boolean = false;
}
