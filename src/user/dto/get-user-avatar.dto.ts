import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNumber, IsOptional, IsPositive, ValidateIf } from 'class-validator';
import { IdParam, TextParam, ToTrimmed } from '../../common/validation';
import { AVATAR_KEY_PATTERN, DEFAULT_AVATAR_SIZE } from '../user.mapper';
import { UIN, UIN_TEXT } from './user-extra.dto';

const SIZE_MESSAGE = 'size must be a number greater than 0 (supported sizes: 40, 100, 140, 640)';

/**
 * A decimal number becomes a number; anything else, an empty `size=` included, stays as is and fails IsNumber: a
 * client that sends the parameter meant a size, and a blank one is not silently the default.
 */
const ToNumber = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value)) return Number(value);
    return value;
  });

/** `k` or `uin` is required; the service reports 'k or uin is required' when both are missing. */
export class GetUserAvatarQuery {
  /** Avatar key (as in thirdqq.qlogo.cn URLs). Wins over uin. Its example is in the description: Swagger UI sends every example, and k would hide uin's. */
  @TextParam({
    read: ToTrimmed(),
    match: { pattern: AVATAR_KEY_PATTERN, message: 'k must be 1-128 characters of A-Z, a-z, 0-9, *, _ or -' },
    description: 'Avatar key (as in thirdqq.qlogo.cn URLs): 1-128 characters of A-Z, a-z, 0-9, *, _ or -, e.g. `ABCdef123_-*`. Send k OR uin: one is required; when both are sent, k is used and uin is ignored.',
  })
  k?: string;

  /** Account number; only read (and validated) when k is absent. */
  @ValidateIf((o: GetUserAvatarQuery) => o.k === undefined && o.uin !== undefined)
  @IdParam(UIN, { description: `${UIN_TEXT} Only read when k is absent; one of k / uin is required (none → 400 \`k or uin is required\`).`, example: '123456' })
  uin?: string;

  /** Any number > 0 (empty, 0 or negative → 400); snapped to the nearest supported size (40, 100, 140, 640). */
  @IsOptional() @ToNumber()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: SIZE_MESSAGE })
  @IsPositive({ message: SIZE_MESSAGE })
  @ApiPropertyOptional({ type: 'number', description: 'Any number > 0; snapped to the nearest supported size (40, 100, 140, 640; a tie goes to the larger). Empty (`size=`), 0 or negative → 400; leave it out for the default.', default: DEFAULT_AVATAR_SIZE, exclusiveMinimum: true, minimum: 0, example: 640 })
  size: number = DEFAULT_AVATAR_SIZE;
}
