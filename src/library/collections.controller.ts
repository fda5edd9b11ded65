import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope } from '../common/api-docs';
import { withOldNames } from '../common/answer-schema';
import { ALBUM_WRITE_RENAMES, AlbumCollectAnswer, CollectStateAnswer, PlaylistCollectAnswer, SINGER_WRITE_RENAMES, SingerFollowAnswer } from './collections.answers';
import { ApiLibraryStateRead, FOLLOW_CGI_ERRORS, IDEMPOTENT, LibraryWrite } from './library-docs';
import { CollectionsService } from './collections.service';
import {
  AlbumCollectStateQuery,
  PlaylistCollectStateQuery,
  SetAlbumCollectBody,
  SetPlaylistCollectBody,
  SetSingerFollowBody,
} from './dto/collections.dto';

/** Collected playlists and albums, followed singers: writes and state reads (docs/library.md "Collections and follows"). */
@ApiTags('user')
@Controller('user')
export class CollectionsController {
  constructor(private readonly collections: CollectionsService) {}

  @LibraryWrite(
    'setPlaylistCollect',
    'Collect or uncollect a playlist (the caller\'s account)',
    `Upstream \`music.musicasset.PlaylistFavWrite\` with the account's encrypt_uin (read from its homepage once). ${IDEMPOTENT}`,
    { status: 404, description: 'QQ Music knows no playlist with that id that can be collected.', errorCodes: ['PLAYLIST_NOT_FOUND', 'USER_NOT_FOUND'] },
    { status: 409, description: 'The account\'s own playlist: QQ Music does not let an account collect it (`upstreamCode` 80184).', errorCodes: ['WRITE_REFUSED'] },
  )
  @ApiBody({ type: SetPlaylistCollectBody, examples: { collect: { value: { dissid: '7100000012', collect: true } } } })
  @ApiEnvelope('The new state.', { dissid: '7100000012', collected: true }, PlaylistCollectAnswer)
  setPlaylistCollect(@Body() body: SetPlaylistCollectBody) {
    return this.collections.setPlaylistCollect(body);
  }

  @LibraryWrite(
    'setAlbumCollect',
    'Collect or uncollect an album (the caller\'s account)',
    `Upstream \`music.musicasset.AlbumFavWrite\` by the album's numeric id (looked up from its MID), and by MID when that form is refused. ${IDEMPOTENT}`,
    { status: 404, description: 'No album with that MID.', errorCodes: ['ALBUM_NOT_FOUND'] },
  )
  @ApiBody({ type: SetAlbumCollectBody, examples: { collect: { value: { albummid: '000MkMni19ClKG', collect: true } } } })
  @ApiEnvelope('The new state.', withOldNames({ albumMid: '000MkMni19ClKG', collected: true }, ALBUM_WRITE_RENAMES), AlbumCollectAnswer)
  setAlbumCollect(@Body() body: SetAlbumCollectBody) {
    return this.collections.setAlbumCollect(body);
  }

  @LibraryWrite(
    'setSingerFollow',
    'Follow or unfollow a singer (the caller\'s account; a QQ or WeChat login)',
    'Upstream: QQ Music\'s musicu follow write, which any login key authenticates (QQ or WeChat); when it is refused with a module code and the cookie carries ' +
      `the QQ web session (\`p_skey\`), the web follow CGI. Which follow call QQ Music accepts today is not confirmed live (docs/library.md). ${IDEMPOTENT}`,
    ...FOLLOW_CGI_ERRORS,
  )
  @ApiBody({ type: SetSingerFollowBody, examples: { follow: { value: { singermid: '0025NhlN2yWrP4', follow: true } } } })
  @ApiEnvelope('The new state.', withOldNames({ singerMID: '0025NhlN2yWrP4', followed: true }, SINGER_WRITE_RENAMES), SingerFollowAnswer)
  setSingerFollow(@Body() body: SetSingerFollowBody) {
    return this.collections.setSingerFollow(body);
  }

  @Get('getPlaylistCollectState')
  @ApiOperation({
    summary: 'Whether the account has collected these playlists',
    description: 'The caller\'s cookie, else the stored login (as the other user reads). Never cached: it answers what the last write did. Upstream `PlaylistFavRead.IsPlaylistFan`.',
  })
  @ApiEnvelope('One boolean per id asked.', { collected: { '7024415872': true, '7100000012': false } }, CollectStateAnswer)
  @ApiLibraryStateRead()
  getPlaylistCollectState(@Query() query: PlaylistCollectStateQuery) {
    return this.collections.getPlaylistCollectState(query);
  }

  @Get('getAlbumCollectState')
  @ApiOperation({
    summary: 'Whether the account has collected these albums',
    description: 'The caller\'s cookie, else the stored login (as the other user reads). Never cached: it answers what the last write did. Upstream `AlbumFavRead.IsAlbumFan`.',
  })
  @ApiEnvelope('One boolean per MID asked.', { collected: { '000MkMni19ClKG': true, '003c616O2Zlswm': false } }, CollectStateAnswer)
  @ApiLibraryStateRead()
  getAlbumCollectState(@Query() query: AlbumCollectStateQuery) {
    return this.collections.getAlbumCollectState(query);
  }
}
