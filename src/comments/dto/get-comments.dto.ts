import { ChoiceParam, IntParam, LimitParam, PageParam, TextParam, ToTrimmed } from '../../common/validation';
import { SPEC_BIZTYPES, SPEC_REQTYPES } from '../comments.mapper';

export class GetCommentsQuery {
  /** Song id, album id, playlist id or MV id (vid / numeric mvid). */
  @TextParam({
    required: true,
    read: ToTrimmed(),
    match: { pattern: /^[0-9A-Za-z_]{1,64}$/, message: 'id must be a resource id (letters, digits or _, at most 64 characters)' },
    description: 'Song id, album id, playlist id or MV id (vid / numeric mvid): letters, digits or _, at most 64 characters.',
    example: '97773',
  })
  id!: string;

  /** Paging cursor: `nextCursor` of the previous page ('' / absent = from the top). */
  @TextParam({
    read: ToTrimmed(),
    match: { pattern: /^[\w.-]{1,128}$/, message: 'rootcommentid must be a comment cursor (letters, digits, _ . -)' },
    description: 'Paging cursor: `nextCursor` of the previous page (absent or empty = from the top). Letters, digits, _ . - (≤ 128).',
    example: 'song_97773_1234567890_1700000000',
  })
  rootcommentid?: string;

  @LimitParam({ max: 100, description: 'Comments per page.', example: 10 })
  pagesize: number = 25;

  /** 0-based page number. */
  @PageParam({ max: 10000, example: 0 })
  pagenum: number = 0;

  /** Command type of the legacy CGI (used only on the fallback); default per reqtype/biztype. */
  @IntParam({ min: 0, max: 99, description: 'Command type of the legacy CGI (used only on the fallback); default per reqtype/biztype (8 newest; 6 or 9 most liked).', example: 8 })
  cmd?: number;

  /** 1 recommended, 2 newest (default), 3 most liked. */
  @ChoiceParam(SPEC_REQTYPES, { description: '1 recommended, 2 newest, 3 most liked.', example: 3, messages: { choice: 'reqtype must be 1 (recommended), 2 (newest) or 3 (most liked)' } })
  reqtype: number = 2;

  /** 1 song (default), 2 album, 3 playlist, 4 MV. */
  @ChoiceParam(SPEC_BIZTYPES, { description: '1 song, 2 album, 3 playlist, 4 MV.', example: 1, messages: { choice: 'biztype must be 1 (song), 2 (album), 3 (playlist) or 4 (MV)' } })
  biztype: number = 1;
}
