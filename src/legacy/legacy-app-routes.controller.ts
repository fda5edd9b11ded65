import { CacheTTL } from '@nestjs/cache-manager';
import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ApiPlainOk, UPSTREAM_ERRORS } from '../common/api-docs';
import { ApiLibraryStateRead, FOLLOW_CGI_ERRORS, IDEMPOTENT, LibraryWrite } from '../library/library-docs';
import {
  JsososoSongAnswer,
  PlaylistSubscriptionWriteAnswer,
  SingerSubscriptionAnswer,
  SingerSubscriptionWriteAnswer,
  SongFavoriteAnswer,
} from './legacy-app-routes.answers';
import {
  JsososoSongQuery,
  SetPlaylistSubscriptionBody,
  SetSingerSubscriptionBody,
  SetSongFavoriteBody,
  SingerSubscriptionQuery,
} from './legacy-app-routes.dto';
import { LegacyAppRoutesService } from './legacy-app-routes.service';

const APP = 'WQTY-MASTER/tiaolv-music\'s server';
const SAME_IN_BOTH = 'The same body in both response shapes.';

/**
 * Routes public apps call that no Koa qq-music-api has (docs/legacy.md "App routes"): the write and follow-state routes
 * of WQTY-MASTER/tiaolv-music's own server and jsososo/QQMusicApi's /song. Writes keep every write's account rule.
 */
@ApiTags('legacy')
@Controller()
export class LegacyAppRoutesController {
  constructor(private readonly routes: LegacyAppRoutesService) {}

  @LibraryWrite(
    'user/setSongFavorite',
    `Like / unlike a song (${APP}; see /user/setSongLike)`,
    `As /user/setSongLike with \`mid\` and \`liked\`. ${SAME_IN_BOTH}`,
    { status: 404, description: 'No song with that MID.', errorCodes: ['SONG_NOT_FOUND'] },
  )
  @ApiBody({ type: SetSongFavoriteBody, examples: { like: { value: { mid: '0039MnYb0qxYhV', liked: true } } } })
  @ApiPlainOk('`{ response: { code: 0, data: { songmid, songid, liked } } }`.', { response: { code: 0, data: { songmid: '0039MnYb0qxYhV', songid: 97773, liked: true } } }, SongFavoriteAnswer)
  setSongFavorite(@Body() body: SetSongFavoriteBody) {
    return this.routes.setSongFavorite(body);
  }

  @LibraryWrite(
    'user/setSingerSubscription',
    `Follow / unfollow a singer (${APP}; see /user/setSingerFollow)`,
    `As /user/setSingerFollow with \`subscribed\`: a QQ or WeChat login. ${IDEMPOTENT} ${SAME_IN_BOTH}`,
    ...FOLLOW_CGI_ERRORS,
  )
  @ApiBody({ type: SetSingerSubscriptionBody, examples: { follow: { value: { singermid: '0025NhlN2yWrP4', subscribed: true } } } })
  @ApiPlainOk('`{ response: { code: 0, data: { singermid, subscribed } } }`.', { response: { code: 0, data: { singermid: '0025NhlN2yWrP4', subscribed: true } } }, SingerSubscriptionWriteAnswer)
  setSingerSubscription(@Body() body: SetSingerSubscriptionBody) {
    return this.routes.setSingerSubscription(body);
  }

  @LibraryWrite(
    'user/setPlaylistSubscription',
    `Collect / uncollect a playlist (${APP}; see /user/setPlaylistCollect)`,
    `As /user/setPlaylistCollect with \`id\` and \`subscribed\`. ${IDEMPOTENT} ${SAME_IN_BOTH}`,
    { status: 404, description: 'QQ Music knows no playlist with that id that can be collected.', errorCodes: ['PLAYLIST_NOT_FOUND', 'USER_NOT_FOUND'] },
    { status: 409, description: 'The account\'s own playlist cannot be collected.', errorCodes: ['WRITE_REFUSED'] },
  )
  @ApiBody({ type: SetPlaylistSubscriptionBody, examples: { collect: { value: { id: '7100000012', subscribed: true } } } })
  @ApiPlainOk('`{ response: { code: 0, data: { id, subscribed } } }`.', { response: { code: 0, data: { id: '7100000012', subscribed: true } } }, PlaylistSubscriptionWriteAnswer)
  setPlaylistSubscription(@Body() body: SetPlaylistSubscriptionBody) {
    return this.routes.setPlaylistSubscription(body);
  }

  @Get('user/getSingerSubscription')
  @ApiOperation({
    summary: `Whether the account follows a singer (${APP})`,
    description:
      'Read from the account\'s followed-singers list (the list of /user/getUserFollowSingers, up to 1000 singers, 100 a page) of the cookie in play (the caller\'s, else the stored login). ' +
      `Never cached: a follow changes it. ${SAME_IN_BOTH}`,
  })
  @ApiPlainOk('`{ response: { code: 0, req_1: { code: 0, data: { map_singer_status: { <singermid>: 1 | 0 } } } } }`.', { response: { code: 0, req_1: { code: 0, data: { map_singer_status: { '0025NhlN2yWrP4': 1 } } } } }, SingerSubscriptionAnswer)
  @ApiLibraryStateRead()
  getSingerSubscription(@Query() query: SingerSubscriptionQuery) {
    return this.routes.getSingerSubscription(query);
  }

  @Get('song')
  @CacheTTL(3600)
  @ApiOperation({ summary: 'Song details by MID (jsososo/QQMusicApi\'s /song)', description: `The song-detail call of /getSongInfo; \`data\` is its \`songinfo.data\` as received. ${SAME_IN_BOTH}` })
  @ApiPlainOk('`{ result: 100, data: { track_info, info, extras } }`.', { result: 100, data: { track_info: { id: 97773, mid: '0039MnYb0qxYhV', name: '晴天' }, info: {}, extras: {} } }, JsososoSongAnswer)
  @ApiErrorResponses(400, { status: 404, description: 'Unknown song.', errorCodes: ['SONG_NOT_FOUND'] }, ...UPSTREAM_ERRORS)
  song(@Query() query: JsososoSongQuery) {
    return this.routes.song(query);
  }
}
