import { Transform } from 'class-transformer';
import { IsNumber, IsOptional, IsPositive, Matches, ValidateIf } from 'class-validator';
import { AVATAR_KEY_PATTERN, DEFAULT_AVATAR_SIZE, normalizeUin, UIN_PATTERN } from '../user.mapper';

const SIZE_MESSAGE = 'size must be a number greater than 0 (supported sizes: 40, 100, 140, 640)';

/** '' = absent; a decimal number becomes a number; anything else stays as is (and fails IsNumber). */
const ToNumber = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value)) return Number(value);
    return value;
  });

/** `k` or `uin` is required; the service reports 'k or uin is required' when both are missing. */
export class GetUserAvatarQuery {
  /** Avatar key (as in thirdqq.qlogo.cn URLs). Wins over uin. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @Matches(AVATAR_KEY_PATTERN, { message: 'k must be 1-128 characters of A-Z, a-z, 0-9, *, _ or -' })
  k?: string;

  /** Account number; only read (and validated) when k is absent. */
  @ValidateIf((o: GetUserAvatarQuery) => o.k === undefined && o.uin !== undefined)
  @Transform(({ value }) => normalizeUin(value))
  @Matches(UIN_PATTERN, { message: 'uin must be a QQ number (digits only, at most 20; an o0… prefix is accepted)' })
  uin?: string;

  /** Any number > 0; snapped to the nearest supported size (40, 100, 140, 640). */
  @IsOptional() @ToNumber()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: SIZE_MESSAGE })
  @IsPositive({ message: SIZE_MESSAGE })
  size: number = DEFAULT_AVATAR_SIZE;
}
