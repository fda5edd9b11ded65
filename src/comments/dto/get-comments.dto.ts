import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ToInt, ToTrimmed } from '../../common/validation';
import { SPEC_BIZTYPES, SPEC_REQTYPES } from '../comments.mapper';

// Decorators run bottom-up with stopAtFirstError: the type check sits last so it speaks first (`abc` → "must be an integer").
export class GetCommentsQuery {
  /** Song id, album id, playlist id or MV id (vid / numeric mvid). */
  @ToTrimmed()
  @IsDefined({ message: 'id is required' })
  @Matches(/^[0-9A-Za-z_]{1,64}$/, { message: 'id must be a resource id (letters, digits or _, at most 64 characters)' })
  @ApiProperty({ type: 'string', description: 'Song id, album id, playlist id or MV id (vid / numeric mvid): letters, digits or _, at most 64 characters.', pattern: '^[0-9A-Za-z_]{1,64}$', example: '97773' })
  id!: string;

  /** Paging cursor: `nextCursor` of the previous page ('' / absent = from the top). */
  @IsOptional() @ToTrimmed()
  @Matches(/^[\w.-]{1,128}$/, { message: 'rootcommentid must be a comment cursor (letters, digits, _ . -)' })
  @ApiPropertyOptional({ type: 'string', description: 'Paging cursor: `nextCursor` of the previous page (absent or empty = from the top). Letters, digits, _ . - (≤ 128).', pattern: '^[\\w.-]{1,128}$', example: 'song_97773_1234567890_1700000000' })
  rootcommentid?: string;

  @IsOptional() @ToInt()
  @Max(100, { message: 'pagesize must be between 1 and 100' })
  @Min(1, { message: 'pagesize must be between 1 and 100' })
  @IsInt({ message: 'pagesize must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Comments per page.', default: 25, minimum: 1, maximum: 100, example: 10 })
  pagesize: number = 25;

  /** 0-based page number. */
  @IsOptional() @ToInt()
  @Max(10000, { message: 'pagenum must be at most 10000' })
  @Min(0, { message: 'pagenum must be 0 or more' })
  @IsInt({ message: 'pagenum must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based page.', default: 0, minimum: 0, maximum: 10000, example: 0 })
  pagenum: number = 0;

  /** Command type of the legacy CGI (used only on the fallback); default per reqtype/biztype. */
  @IsOptional() @ToInt()
  @Max(99, { message: 'cmd must be between 0 and 99' })
  @Min(0, { message: 'cmd must be between 0 and 99' })
  @IsInt({ message: 'cmd must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Command type of the legacy CGI (used only on the fallback); default per reqtype/biztype (8 newest; 6 or 9 most liked).', minimum: 0, maximum: 99, example: 8 })
  cmd?: number;

  /** 1 recommended, 2 newest (default), 3 most liked. */
  @IsOptional() @ToInt()
  @IsIn([...SPEC_REQTYPES], { message: 'reqtype must be 1 (recommended), 2 (newest) or 3 (most liked)' })
  @ApiPropertyOptional({ type: 'integer', description: '1 recommended, 2 newest, 3 most liked.', enum: [1, 2, 3], default: 2, example: 3 })
  reqtype: number = 2;

  /** 1 song (default), 2 album, 3 playlist, 4 MV. */
  @IsOptional() @ToInt()
  @IsIn([...SPEC_BIZTYPES], { message: 'biztype must be 1 (song), 2 (album), 3 (playlist) or 4 (MV)' })
  @ApiPropertyOptional({ type: 'integer', description: '1 song, 2 album, 3 playlist, 4 MV.', enum: [1, 2, 3, 4], default: 1, example: 1 })
  biztype: number = 1;
}
