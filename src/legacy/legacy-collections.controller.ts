import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPlainOk } from '../common/api-docs';
import { LegacyFanAnswer, LegacyFavWriteAnswer } from '../library/collections.answers';
import { ApiLibraryStateRead, IDEMPOTENT, LibraryWrite } from '../library/library-docs';
import { GetIsAlbumFanBody, GetIsPlaylistFanBody, SetAlbumFavBody, SetPlaylistFavBody } from './legacy-collections.dto';
import { LegacyCollectionsService } from './legacy-collections.service';

const WRITE_OK = { response: { code: 0, data: { raw: { code: 0, write: { code: 0, data: { result: 0 } } } } } };

/**
 * The collect routes of the Koa fork Yuuz12/qq-music-api (docs/legacy.md "Collections"): the same writes and state
 * reads as /user/setPlaylistCollect etc., with the fork's names and answers. Same account rule as every write.
 */
@ApiTags('legacy')
@Controller()
export class LegacyCollectionsController {
  constructor(private readonly legacy: LegacyCollectionsService) {}

  @LibraryWrite(
    'setPlaylistFav',
    'Collect / uncollect a playlist (Yuuz12/qq-music-api\'s name; see /user/setPlaylistCollect)',
    `\`isFan\` is the current state: true uncollects. ${IDEMPOTENT}`,
    { status: 404, description: 'QQ Music knows no playlist with that id that can be collected.', errorCodes: ['PLAYLIST_NOT_FOUND', 'USER_NOT_FOUND'] },
  )
  @ApiBody({ type: SetPlaylistFavBody, examples: { collect: { value: { disstid: '7100000012', isFan: false } } } })
  @ApiPlainOk('Not the envelope: `{ response: { code: 0, data: { raw: <upstream answer> } } }`.', WRITE_OK, LegacyFavWriteAnswer)
  setPlaylistFav(@Body() body: SetPlaylistFavBody) {
    return this.legacy.setPlaylistFav(body);
  }

  @LibraryWrite(
    'setAlbumFav',
    'Collect / uncollect an album (Yuuz12/qq-music-api\'s name; see /user/setAlbumCollect)',
    `\`isFan\` is the current state: true uncollects. ${IDEMPOTENT}`,
    { status: 404, description: 'No album with that MID.', errorCodes: ['ALBUM_NOT_FOUND'] },
  )
  @ApiBody({ type: SetAlbumFavBody, examples: { collect: { value: { albumMid: '000MkMni19ClKG', isFan: false } } } })
  @ApiPlainOk('Not the envelope: `{ response: { code: 0, data: { raw: <upstream answer> } } }`.', WRITE_OK, LegacyFavWriteAnswer)
  setAlbumFav(@Body() body: SetAlbumFavBody) {
    return this.legacy.setAlbumFav(body);
  }

  @Post('getIsPlaylistFan')
  @HttpCode(200)
  @ApiOperation({ summary: 'Whether playlists are collected (Yuuz12/qq-music-api\'s name; see /user/getPlaylistCollectState)', description: 'An empty list answers an empty `m_fan` without calling upstream.' })
  @ApiBody({ type: GetIsPlaylistFanBody, examples: { one: { value: { disstids: ['7024415872'] } } } })
  @ApiPlainOk('Not the envelope: `{ response: { code: 0, req_0: { code: 0, data: { m_fan: { <id>: 1 | 0 } } } } }`.', { response: { code: 0, req_0: { code: 0, data: { m_fan: { '7024415872': 1 } } } } }, LegacyFanAnswer)
  @ApiLibraryStateRead()
  getIsPlaylistFan(@Body() body: GetIsPlaylistFanBody) {
    return this.legacy.getIsPlaylistFan(body);
  }

  @Post('getIsAlbumFan')
  @HttpCode(200)
  @ApiOperation({ summary: 'Whether albums are collected (Yuuz12/qq-music-api\'s name; see /user/getAlbumCollectState)', description: 'An empty list answers an empty `m_fan` without calling upstream.' })
  @ApiBody({ type: GetIsAlbumFanBody, examples: { one: { value: { albummids: ['000MkMni19ClKG'] } } } })
  @ApiPlainOk('Not the envelope: `{ response: { code: 0, req_0: { code: 0, data: { m_fan: { <mid>: 1 | 0 } } } } }`.', { response: { code: 0, req_0: { code: 0, data: { m_fan: { '000MkMni19ClKG': 1 } } } } }, LegacyFanAnswer)
  @ApiLibraryStateRead()
  getIsAlbumFan(@Body() body: GetIsAlbumFanBody) {
    return this.legacy.getIsAlbumFan(body);
  }
}
