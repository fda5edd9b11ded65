import { CacheTTL } from '@nestjs/cache-manager';
import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ApiPlainOk, UPSTREAM_ERRORS } from '../common/api-docs';
import { WriteLoginGuard } from '../library/write-login.guard';
import { ApiLibraryStateRead, ApiLibraryWrite, WHOSE_ACCOUNT } from '../library/collections-docs';
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

  @Post('user/setSongFavorite')
  @HttpCode(200)
  @UseGuards(WriteLoginGuard)
  @ApiOperation({ summary: `Like / unlike a song (${APP}; see /user/setSongLike)`, description: `As /user/setSongLike with \`mid\` and \`liked\`. ${WHOSE_ACCOUNT} ${SAME_IN_BOTH}` })
  @ApiBody({ type: SetSongFavoriteBody, examples: { like: { value: { mid: '0039MnYb0qxYhV', liked: true } } } })
  @ApiPlainOk('`{ response: { code: 0, data: { songmid, songid, liked } } }`.', { response: { code: 0, data: { songmid: '0039MnYb0qxYhV', songid: 97773, liked: true } } }, SongFavoriteAnswer)
  @ApiLibraryWrite({ status: 404, description: 'No song with that MID.', errorCodes: ['SONG_NOT_FOUND'] })
  setSongFavorite(@Body() body: SetSongFavoriteBody) {
    return this.routes.setSongFavorite(body);
  }

  @Post('user/setSingerSubscription')
  @HttpCode(200)
  @UseGuards(WriteLoginGuard)
  @ApiOperation({ summary: `Follow / unfollow a singer (${APP}; see /user/setSingerFollow)`, description: `As /user/setSingerFollow with \`subscribed\`: a QQ or WeChat login. ${WHOSE_ACCOUNT} ${SAME_IN_BOTH}` })
  @ApiBody({ type: SetSingerSubscriptionBody, examples: { follow: { value: { singermid: '0025NhlN2yWrP4', subscribed: true } } } })
  @ApiPlainOk('`{ response: { code: 0, data: { singermid, subscribed } } }`.', { response: { code: 0, data: { singermid: '0025NhlN2yWrP4', subscribed: true } } }, SingerSubscriptionWriteAnswer)
  @ApiLibraryWrite({ status: 401, description: 'Upstream code 1006 from the web follow CGI (fallback): the web session (`p_skey`) expired.', errorCodes: ['LOGIN_EXPIRED'] })
  setSingerSubscription(@Body() body: SetSingerSubscriptionBody) {
    return this.routes.setSingerSubscription(body);
  }

  @Post('user/setPlaylistSubscription')
  @HttpCode(200)
  @UseGuards(WriteLoginGuard)
  @ApiOperation({ summary: `Collect / uncollect a playlist (${APP}; see /user/setPlaylistCollect)`, description: `As /user/setPlaylistCollect with \`id\` and \`subscribed\`. ${WHOSE_ACCOUNT} ${SAME_IN_BOTH}` })
  @ApiBody({ type: SetPlaylistSubscriptionBody, examples: { collect: { value: { id: '7100000012', subscribed: true } } } })
  @ApiPlainOk('`{ response: { code: 0, data: { id, subscribed } } }`.', { response: { code: 0, data: { id: '7100000012', subscribed: true } } }, PlaylistSubscriptionWriteAnswer)
  @ApiLibraryWrite({ status: 404, description: 'QQ Music knows no playlist with that id that can be collected.', errorCodes: ['PLAYLIST_NOT_FOUND', 'USER_NOT_FOUND'] }, { status: 409, description: 'The account\'s own playlist cannot be collected.', errorCodes: ['WRITE_REFUSED'] })
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
