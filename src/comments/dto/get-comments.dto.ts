import { IsDefined, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ToInt, ToTrimmed } from '../../common/validation';
import { SPEC_BIZTYPES, SPEC_REQTYPES } from '../comments.mapper';

export class GetCommentsQuery {
  /** Song id, album id, playlist id or MV id (vid / numeric mvid). */
  @ToTrimmed()
  @IsDefined({ message: 'id is required' })
  @Matches(/^[0-9A-Za-z_]{1,64}$/, { message: 'id must be a resource id (letters, digits or _, at most 64 characters)' })
  id!: string;

  /** Paging cursor: `nextCursor` of the previous page ('' / absent = from the top). */
  @IsOptional() @ToTrimmed()
  @Matches(/^[\w.-]{1,128}$/, { message: 'rootcommentid must be a comment cursor (letters, digits, _ . -)' })
  rootcommentid?: string;

  @IsOptional() @ToInt() @IsInt({ message: 'pagesize must be an integer' })
  @Min(1, { message: 'pagesize must be between 1 and 100' }) @Max(100, { message: 'pagesize must be between 1 and 100' })
  pagesize: number = 25;

  /** 0-based page number. */
  @IsOptional() @ToInt() @IsInt({ message: 'pagenum must be an integer' })
  @Min(0, { message: 'pagenum must be 0 or more' }) @Max(10000, { message: 'pagenum must be at most 10000' })
  pagenum: number = 0;

  /** Command type of the legacy CGI (used only on the fallback); default per reqtype/biztype. */
  @IsOptional() @ToInt() @IsInt({ message: 'cmd must be an integer' })
  @Min(0, { message: 'cmd must be between 0 and 99' }) @Max(99, { message: 'cmd must be between 0 and 99' })
  cmd?: number;

  /** 1 recommended, 2 newest (default), 3 most liked. */
  @IsOptional() @ToInt()
  @IsIn([...SPEC_REQTYPES], { message: 'reqtype must be 1 (recommended), 2 (newest) or 3 (most liked)' })
  reqtype: number = 2;

  /** 1 song (default), 2 album, 3 playlist, 4 MV. */
  @IsOptional() @ToInt()
  @IsIn([...SPEC_BIZTYPES], { message: 'biztype must be 1 (song), 2 (album), 3 (playlist) or 4 (MV)' })
  biztype: number = 1;
}
