import { CacheTTL } from '@nestjs/cache-manager';
import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminTokenGuard } from '../common/admin-token.guard';
import { ADMIN_ERRORS, ApiAdminToken, ApiEnvelope, ApiErrorResponses, UPSTREAM_ERRORS } from '../common/api-docs';
import { AcceptsForm } from '../common/body-type';
import { GatewayError } from '../common/http-error';
import { FetchesShapeSupplements } from '../common/shape-supplements';
import { DownloadMainMusicQuery, GetMusicPlayQuery } from '../music/dto/music-play.dto';
import { PLAY_ERRORS } from '../music/music.controller';
import { PlayUrlService } from '../music/play-url.service';
import { SET_COOKIE_EXAMPLE, SetCookieBody } from './legacy-cookie.dto';
import { LegacyCookieService } from './legacy-cookie.service';
import { LegacySingerHotsongByIdQuery } from './legacy-singer.dto';
import { LegacySingersService } from './legacy-singers.service';
import { CookieDescription } from './legacy.answers';
import { DownloadAnswer, MusicPlayAnswer } from '../music/music.answers';
import { SingerSongsPage } from '../singers/singers.answers';

/**
 * Routes only the older qq-music-api services had (docs/legacy.md): `/downloadQQMusic` (alias of
 * `/downloadMainMusic`), `/legacy/getSingerHotsongById` (what `/getSingerHotsong?singerid=<digits>` is rewritten to)
 * and the admin-only `/user/setCookie` (POST, and GET with the cookie in the query) / `/user/getCookie`, which exist
 * only when ADMIN_TOKEN is set (404 otherwise), need the token, and never send a cookie value back.
 */
@ApiTags('legacy')
@Controller()
export class LegacyController {
  constructor(
    private readonly playUrls: PlayUrlService,
    private readonly singers: LegacySingersService,
    private readonly cookies: LegacyCookieService,
  ) {}

  @Get('downloadQQMusic')
  @ApiOperation({ summary: 'Alias of /downloadMainMusic (older services\' name)', description: 'Same parameters, answer and errors as /downloadMainMusic.' })
  @ApiEnvelope('The download URL.', { url: 'https://ws.stream.qqmusic.qq.com/F000003Qui1q2u1Zho.flac?vkey=…', size: 55397039, quality: 'flac', available: ['128', '320', 'm4a', 'flac'], filename: 'F000003Qui1q2u1Zho.flac' }, DownloadAnswer)
  @ApiErrorResponses(
    400,
    { status: 404, description: 'Unknown song, or no file in that quality (body also has `available`).', errorCodes: ['SONG_NOT_FOUND', 'QUALITY_UNAVAILABLE'] },
    { status: 403, description: 'Upstream gives no play URL (VIP/paid song, region or login; body has `upstreamResult`).', errorCodes: ['NO_PLAY_URL'] },
    ...UPSTREAM_ERRORS,
  )
  downloadQQMusic(@Query() query: DownloadMainMusicQuery) {
    return this.playUrls.downloadMainMusic(query);
  }

  @Get('getMusicVKey')
  @CacheTTL(300)
  @ApiOperation({
    summary: 'Alias of /getMusicPlay (Rain120/qq-music-api\'s older name)',
    description: 'Same parameters, answer and errors as /getMusicPlay. Legacy shape: the key call\'s raw answer (`req_0.data.midurlinfo`, `sip`) plus `playLists` (the play URLs).',
  })
  @ApiEnvelope('The play URL.', { url: 'https://ws.stream.qqmusic.qq.com/M5000039MnYb0qxYhV.mp3?vkey=…', size: 4317292, quality: '128kbps', available: ['128', '320', 'm4a', 'flac'] }, MusicPlayAnswer)
  @ApiErrorResponses(...PLAY_ERRORS)
  getMusicVKey(@Query() query: GetMusicPlayQuery) {
    return this.playUrls.getMusicPlay(query);
  }

  /** `/getSingerHotsong?singerid=<digits>` lands here (legacy request rewrite); callable directly as well. */
  @Get('legacy/getSingerHotsongById')
  @FetchesShapeSupplements()
  @ApiOperation({
    summary: 'A singer\'s most popular songs by numeric singer id (older services\' `getSingerHotsong?singerid=`)',
    description:
      '`GET /getSingerHotsong?singerid=<digits>` (no `singermid`) is answered here. Upstream CGI `fcg_v8_singer_track_cp.fcg` ' +
      '(order=listen, begin = page × limit): the only upstream that takes a numeric singer id. Same answer as /getSingerHotsong; ' +
      'an unknown singer gives an empty list (`singerMID` \'\', total 0). Legacy shape: `{ response: <CGI answer> }` (`response.data.list[].musicData`).',
  })
  @ApiEnvelope('A page of songs.', {
    singerMID: '001fNHEf1SFEFN',
    songs: [{ songmid: '004dFFPd4JNv8q', songid: 104913384, songname: '来自天堂的魔鬼', singer: 'G.E.M. 邓紫棋', albumName: '新的心跳', albumMid: '003c616O2Zlswm', interval: 245 }],
    total: 10,
  }, SingerSongsPage)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSingerHotsongById(@Query() query: LegacySingerHotsongByIdQuery) {
    return this.singers.getSingerHotsongById(query);
  }

  /** Stores the login cookie where the stored login lives (COOKIE_FILE, or Redis with REDIS_URL); the next request uses it. */
  @Post('user/setCookie')
  @AcceptsForm()
  @ApiOperation({
    summary: 'Store the server\'s login cookie (admin)',
    description:
      'Admin-only: exists only when ADMIN_TOKEN is set (404 otherwise) and needs `Authorization: Bearer <token>` or `X-Admin-Token`. ' +
      'Stores `{ cookie, uin }` where the stored login lives: COOKIE_FILE (atomically), or Redis for every instance when REDIS_URL is set. It replaces the previous login, refresh credential included; the next request uses it. The answer describes the cookie (masked uin, cookie names) and never echoes a value.',
  })
  @ApiBody({ type: SetCookieBody, description: 'JSON or form body: `cookie`, or the references\' `data`; one is required.', examples: { cookie: { value: { cookie: SET_COOKIE_EXAMPLE } } } })
  @ApiAdminToken()
  @ApiEnvelope('What was stored.', { set: true, uin: '12******89', names: ['qqmusic_key', 'uin'], hasMusicKey: true }, CookieDescription)
  @ApiErrorResponses(
    { status: 400, description: 'No cookie (`cookie is required (body `cookie` or `data`)`), a character that is not printable ASCII or not `name=value` pairs.', errorCodes: ['BAD_REQUEST'] },
    ...ADMIN_ERRORS,
    { status: 500, description: 'The cookie file (or Redis) could not be written; only this instance uses the new cookie, until it restarts.', errorCodes: ['COOKIE_WRITE_FAILED'] },
  )
  @HttpCode(200)
  @UseGuards(AdminTokenGuard)
  async setCookie(@Body() body: SetCookieBody) {
    return this.storeCookie(body);
  }

  /**
   * The same, as a GET with the cookie in the query string: fakermybreathe-oss/MuseSync syncs its login to a local
   * qq-music-api so (`GET /user/setCookie?cookie=<encoded cookie>`). The value never reaches a log (LoggedQuery).
   */
  @Get('user/setCookie')
  @ApiOperation({
    summary: 'Store the server\'s login cookie, GET form (admin)',
    description:
      'Same rules and answer as POST /user/setCookie, with `cookie` (or the references\' `data`) in the query string, as some apps send it. ' +
      'Admin-only: exists only when ADMIN_TOKEN is set (404 otherwise) and needs the token like the POST. Prefer the POST: a URL may end up in proxy or browser logs (the gateway\'s own logs never show the value).',
  })
  @ApiAdminToken()
  @ApiEnvelope('What was stored.', { set: true, uin: '12******89', names: ['qqmusic_key', 'uin'], hasMusicKey: true }, CookieDescription)
  @ApiErrorResponses(
    { status: 400, description: 'No cookie (`cookie is required (query `cookie` or `data`)`), a character that is not printable ASCII or not `name=value` pairs.', errorCodes: ['BAD_REQUEST'] },
    ...ADMIN_ERRORS,
    { status: 500, description: 'The cookie file (or Redis) could not be written; only this instance uses the new cookie, until it restarts.', errorCodes: ['COOKIE_WRITE_FAILED'] },
  )
  @UseGuards(AdminTokenGuard)
  async setCookieByQuery(@Query() query: SetCookieBody) {
    return this.storeCookie(query, 'query');
  }

  private async storeCookie(input: SetCookieBody, where: 'body' | 'query' = 'body') {
    const cookie = (input.cookie ?? input.data ?? '').trim();
    if (!cookie) throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', `cookie is required (${where} \`cookie\` or \`data\`)`);
    return { code: 0, msg: 'ok', data: await this.cookies.store(cookie) };
  }

  /** The stored login in use (cookie file or Redis): for which (masked) account and with which cookie names; never the values. */
  @Get('user/getCookie')
  @ApiOperation({
    summary: 'Describe the stored login cookie (admin)',
    description:
      'Admin-only (ADMIN_TOKEN; 404 when unset). Whether a login cookie is stored, for which (masked) account and with which cookie names; never the values. No parameters.',
  })
  @ApiEnvelope('The stored cookie, described (`{ set: false }` when none).', { set: true, uin: '12******89', names: ['qqmusic_key', 'uin'], hasMusicKey: true }, CookieDescription)
  @ApiAdminToken()
  @ApiErrorResponses(...ADMIN_ERRORS)
  @UseGuards(AdminTokenGuard)
  async getCookie() {
    return { code: 0, msg: 'ok', data: await this.cookies.stored() };
  }
}
