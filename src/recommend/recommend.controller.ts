import { CacheTTL } from '@nestjs/cache-manager';
import { applyDecorators, Controller, Get, Query } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, UPSTREAM_ERRORS, type ErrorSpec } from '../common/api-docs';
import { SongMidQuery } from '../music/dto/song-mid.dto';
import { RadioNumQuery, RadioTracksQuery, SongRelatedMvsQuery, SongRelatedPlaylistsQuery } from './dto/recommend.dto';
import { RecommendService } from './recommend.service';

export const NEEDS_LOGIN =
  'Needs a login cookie: per request the `cookie` query parameter, the `X-Custom-Cookie` header or the `Cookie` header (in that order), else the server\'s stored login; ' +
  'without any the upstream is not called (401 LOGIN_REQUIRED). The answer is that account\'s own.';
export const LOGIN_ERRORS: ErrorSpec[] = [
  { status: 401, description: 'No cookie at all (upstream not called).', errorCodes: ['LOGIN_REQUIRED'] },
  { status: 401, description: 'Upstream code 1000, 104400 or 104401: log in again or refresh the cookie (body has `upstreamCode`).', errorCodes: ['LOGIN_EXPIRED'] },
];
export const DAILY_404: ErrorSpec = { status: 404, description: 'Neither the home feed nor the web page shows this account a daily playlist.', errorCodes: ['DAILY_SONGS_NOT_FOUND'] };
export const SONG_404: ErrorSpec = { status: 404, description: 'Unknown song (the song detail resolving the MID has no such song).', errorCodes: ['SONG_NOT_FOUND'] };

export const SONG_EXAMPLE = { songname: '晴天', singer: '周杰伦', songmid: '0039MnYb0qxYhV', songid: 97773, albumName: '叶惠美', albumMid: '000MkMni19ClKG', interval: 269 };
export const DAILY_EXAMPLE = { playlist: { dissid: '7100000012', dissname: '每日30首', picurl: 'https://qpic.y.qq.com/music_cover/abc/300' }, songs: [SONG_EXAMPLE], total: 30 };
export const MV_EXAMPLE = {
  vid: 'l0031ejo935', mvid: 1539259, title: '我们很好', cover: 'http://y.gtimg.cn/music/photo_new/T015R640x360M102003HXxyx4X7tU3.jpg',
  playCount: 2352806, duration: 291, publishDate: 1560355200, singers: [{ mid: '001BLpXF2DyJe2', name: '林俊杰' }],
};
export const RELATED_PLAYLIST_EXAMPLE = { dissid: '7100000010', dissname: 'Playlist 10000000-10', picurl: 'http://p.qpic.cn/music_cover/abc/600?n=1', creator: 'Creator 0', songCount: 12, listenNum: 1000 };

/** The header and errors of a route that reads the caller's account. */
export function ApiAccountRoute(...more: ErrorSpec[]): MethodDecorator {
  return applyDecorators(
    ApiHeader({ name: 'X-Custom-Cookie', required: false, description: 'The caller\'s QQ Music login cookie; a `cookie` query parameter wins over it, it wins over `Cookie`.' }),
    ApiErrorResponses(400, ...LOGIN_ERRORS, ...more, 403, 500, 502, 503, 504),
  );
}

/** docs/recommend.md: daily songs, guess you like, station tracks, and a song's similar songs, playlists and MVs. */
@ApiTags('recommend')
@Controller()
export class RecommendController {
  constructor(private readonly recommend: RecommendService) {}

  @Get('getDailySongs')
  @CacheTTL(600)
  @ApiOperation({
    summary: 'The account\'s daily songs (每日30首, needs a login)',
    description:
      `${NEEDS_LOGIN} The day's playlist is the 每日30首 card of the home feed (\`music.recommend.RecommendFeed\`), else the 今日私享 card of the web page; its songs are read like /getSongListDetail's. ` +
      'Cached 10 minutes per account (the list changes once a day). No parameters.',
  })
  @ApiEnvelope('The daily playlist and its songs.', DAILY_EXAMPLE)
  @ApiAccountRoute(DAILY_404)
  getDailySongs() {
    return this.recommend.getDailySongs();
  }

  @Get('getPersonalRadio')
  @ApiOperation({
    summary: 'Guess you like (猜你喜欢, station 99): the account\'s next tracks (needs a login)',
    description: `${NEEDS_LOGIN} Upstream \`MbTrackRadioSvr\` / \`get_radio_track\` with id 99. Never cached: every call gives the next tracks, as the radio plays on.`,
  })
  @ApiEnvelope('The next tracks.', { tracks: [SONG_EXAMPLE] })
  @ApiAccountRoute()
  getPersonalRadio(@Query() query: RadioNumQuery) {
    return this.recommend.getPersonalRadio(query.num);
  }

  @Get('getRadioTracks')
  @ApiOperation({
    summary: 'Tracks of a radio station from /getRadioLists',
    description:
      'Upstream `pf.radiosvr` / `GetRadiosonglist` (on a business error `MbTrackRadioSvr`). Station 99 is guess you like: as /getPersonalRadio, it needs a login and answers that account\'s tracks. ' +
      'Never cached: a station plays on, each call may give other tracks.',
  })
  @ApiEnvelope('The station\'s tracks.', { tracks: [SONG_EXAMPLE] })
  @ApiAccountRoute()
  getRadioTracks(@Query() query: RadioTracksQuery) {
    return this.recommend.getRadioTracks(query.id, query.num);
  }

  @Get('getSimilarSongs')
  @CacheTTL(3600)
  @ApiOperation({
    summary: 'Songs similar to a song',
    description:
      'The song detail resolves the MID to the numeric id; then `TrackRelationServer` / `GetSimilarSongs` (on a business error `rcmusic.similarSongRadioServer` / `get_simsongs`). ' +
      'Legacy shape: `{ response: <upstream answer> }`, key `similarSong`, as sansenjian/qq-music-api names it.',
  })
  @ApiEnvelope('Similar songs.', { songs: [SONG_EXAMPLE] })
  @ApiErrorResponses(400, SONG_404, ...UPSTREAM_ERRORS)
  getSimilarSongs(@Query() query: SongMidQuery) {
    return this.recommend.getSimilarSongs(query.songmid);
  }

  @Get('getSongRelatedPlaylists')
  @CacheTTL(3600)
  @ApiOperation({
    summary: 'Playlists that hold a song',
    description:
      'The song detail resolves the MID; then `TrackRelationServer` / `GetRelatedPlaylist` (on a business error `mb_gedan_recommend_svr` / `get_related_gedan`). ' +
      'Send the `dissid`s already shown as `shown` for the next batch; `hasMore` says whether there is one.',
  })
  @ApiEnvelope('Related playlists.', { playlists: [RELATED_PLAYLIST_EXAMPLE], hasMore: true })
  @ApiErrorResponses(400, SONG_404, ...UPSTREAM_ERRORS)
  getSongRelatedPlaylists(@Query() query: SongRelatedPlaylistsQuery) {
    return this.recommend.getSongRelatedPlaylists(query);
  }

  @Get('getSongRelatedMvs')
  @CacheTTL(3600)
  @ApiOperation({
    summary: 'MVs related to a song',
    description:
      'The song detail resolves the MID; then `MvService.MvInfoProServer` / `GetSongRelatedMv`. MV items as /getMv lists them. ' +
      'For the next batch send the answer\'s `lastMvid` (the last MV\'s numeric id); `hasMore` says whether there is one.',
  })
  @ApiEnvelope('Related MVs.', { mvs: [MV_EXAMPLE], hasMore: true, lastMvid: 1539259 })
  @ApiErrorResponses(400, SONG_404, ...UPSTREAM_ERRORS)
  getSongRelatedMvs(@Query() query: SongRelatedMvsQuery) {
    return this.recommend.getSongRelatedMvs(query);
  }
}
