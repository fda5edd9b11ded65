import { IdParam, IntParam, LimitParam } from '../../common/validation';
import { DEFAULT_LIMIT, DEFAULT_OFFSET } from '../user.mapper';
import { UIN, UIN_TEXT } from './user-extra.dto';

export class GetUserPlaylistsQuery {
  /** Account whose playlists are listed: digits (≤ 20), or the `o0…` cookie form (`o` and zeros dropped). */
  @IdParam(UIN, {
    description: `${UIN_TEXT} Optional: without it, the account of the login cookie in play (the caller's cookie, else the stored login; its \`uin\` / \`qqmusic_uin\` / \`p_uin\`); with no cookie at all 400 BAD_REQUEST naming uin.`,
    example: '10001',
  })
  uin?: string;

  /** Index of the first playlist returned (the gateway pages locally; upstream has no paging). */
  @IntParam({ min: 0, max: 100000, outOfRange: 'perBound', description: 'Index of the first playlist returned (paged locally; upstream has no paging).', example: 0 })
  offset: number = DEFAULT_OFFSET;

  @LimitParam({ max: 100, description: 'Playlists per page.', example: 10 })
  limit: number = DEFAULT_LIMIT;
}
