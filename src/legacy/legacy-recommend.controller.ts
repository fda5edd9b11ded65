import { CacheTTL } from '@nestjs/cache-manager';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, UPSTREAM_ERRORS } from '../common/api-docs';
import { withOldNames } from '../common/answer-schema';
import { LISTEN_NUM_RENAMES } from '../discover/discover.answers';
import { ApiAccountRoute } from '../user/api-account-route';
import {
  DAILY_404,
  DAILY_EXAMPLE,
  MV_EXAMPLE,
  NEEDS_LOGIN,
  RELATED_PLAYLIST_EXAMPLE,
  SONG_EXAMPLE,
} from '../recommend/recommend-docs';
import { RecommendService } from '../recommend/recommend.service';
import { LegacyRadioTrackQuery, LegacyRelatedMvQuery, LegacyRelatedPlaylistsQuery, PersonalRecommendQuery } from './legacy-recommend.dto';
import { LegacyRecommendService } from './legacy-recommend.service';
import { DailyPlaylistAnswer, PersonalRecommendAnswer } from './legacy.answers';
import { DailySongs, RadioTracks, RelatedMvs, RelatedPlaylists } from '../recommend/recommend.answers';

const KOA = 'sansenjian/qq-music-api';
const FORK = 'the Koa fork Yuuz12/qq-music-api';

/**
 * The recommendation routes of the older Koa services (docs/legacy.md "Recommendation routes"), with their parameter
 * names. Each answers what the matching normalised route answers; the legacy shape gives the raw answer under the key
 * those services used.
 */
@ApiTags('legacy')
@Controller()
export class LegacyRecommendController {
  constructor(
    private readonly recommend: RecommendService,
    private readonly legacy: LegacyRecommendService,
  ) {}

  @Get('getDailyRecommend')
  @CacheTTL(600)
  @ApiOperation({
    summary: `The daily songs, ${KOA}'s name (needs a login)`,
    description: `Same as /getDailySongs. ${NEEDS_LOGIN} Legacy shape: \`{ response: { code, recommend, dailyPlaylist } }\`: \`recommend\` is the home feed's answer (${KOA} asked the unverified \`music.web_srf_svr\` under that key), \`dailyPlaylist\` the playlist call's.`,
  })
  @ApiEnvelope('The daily playlist and its songs.', DAILY_EXAMPLE, DailySongs)
  @ApiAccountRoute(DAILY_404)
  getDailyRecommend() {
    return this.recommend.getDailySongs();
  }

  @Get('getDailyPlaylist')
  @CacheTTL(600)
  @ApiOperation({
    summary: `The daily playlist's id, title and cover, ${FORK}'s route (needs a login)`,
    description: `The card /getDailySongs reads (its songs are not read). ${NEEDS_LOGIN} Legacy shape: \`{ response: { code: 0, data: { disstid, dissname, picurl } } }\`, as ${FORK} answers.`,
  })
  @ApiEnvelope('The daily playlist.', { playlist: DAILY_EXAMPLE.playlist }, DailyPlaylistAnswer)
  @ApiAccountRoute(DAILY_404)
  getDailyPlaylist() {
    return this.legacy.getDailyPlaylist();
  }

  @Get('getPrivateFM')
  @ApiOperation({
    summary: `Guess you like, ${KOA}'s private FM (needs a login)`,
    description: `Same as /getPersonalRadio with its default \`num\`. ${NEEDS_LOGIN} Never cached. Legacy shape: \`{ response: <upstream answer> }\`, key \`fm\` (${KOA} asked the unverified \`music.web_fm_svr\`; the gateway's guess-you-like call answers under its key).`,
  })
  @ApiEnvelope('The next tracks.', { tracks: [SONG_EXAMPLE] }, RadioTracks)
  @ApiAccountRoute()
  getPrivateFM() {
    return this.recommend.getPersonalRadio();
  }

  @Get('getRadioTrack')
  @ApiOperation({
    summary: `A station's tracks, ${FORK}'s route (station 99 needs a login)`,
    description: `Same as /getRadioTracks, with \`id\` defaulting to 99 (guess you like); \`/getRadioTrack/:id/:num/:firstplay\` is served too. Never cached. Legacy shape: \`{ response: { code, data } }\`, the station call's key, as ${FORK} answers.`,
  })
  @ApiEnvelope('The station\'s tracks.', { tracks: [SONG_EXAMPLE] }, RadioTracks)
  @ApiAccountRoute()
  getRadioTrack(@Query() query: LegacyRadioTrackQuery) {
    return this.recommend.getRadioTracks(query.id, query.num);
  }

  @Get('getPersonalRecommend')
  @CacheTTL(600)
  @ApiOperation({
    summary: `Recommended playlists, radio stations or MVs, ${KOA}'s route`,
    description:
      `type 1: the recommended-playlist feed (\`PlaylistSquare\` / \`GetRecommendFeed\`); 2: the stations of /getRadioLists; 3: the MVs of /getMv. Carries the caller's cookie when there is one; needs none. ` +
      `Legacy shape: \`{ response: <upstream answer> }\` under ${KOA}'s keys \`recomPlaylist\`, \`radio\`, \`mv\` (it asked other, unverified modules; the gateway's calls answer under those keys).`,
  })
  @ApiEnvelope('The recommendations of the type asked.', { type: 1, playlists: [withOldNames({ dissid: '7100000010', dissname: 'Playlist 10000000-10', cover: 'http://p.qpic.cn/music_cover/abc/600?n=1', listen_num: 1000 }, LISTEN_NUM_RENAMES)] }, PersonalRecommendAnswer)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getPersonalRecommend(@Query() query: PersonalRecommendQuery) {
    return this.legacy.getPersonalRecommend(query.type ?? 1);
  }

  @Get('getRelatedPlaylists')
  @CacheTTL(3600)
  @ApiOperation({
    summary: `Playlists that hold a song, by numeric song id (${KOA}'s route)`,
    description: `Same answer as /getSongRelatedPlaylists; \`lastId\` is sent as the one playlist already shown. Legacy shape: \`{ response: <upstream answer> }\`, key \`gedan\` (${KOA} asked \`get_related_gedan\`, the gateway's fallback).`,
  })
  @ApiEnvelope('Related playlists.', { playlists: [RELATED_PLAYLIST_EXAMPLE], hasMore: true }, RelatedPlaylists)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getRelatedPlaylists(@Query() query: LegacyRelatedPlaylistsQuery) {
    return this.recommend.relatedPlaylistsById(Number(query.songid), Number(query.lastId ?? 0) ? [Number(query.lastId)] : []);
  }

  @Get('getRelatedMv')
  @CacheTTL(3600)
  @ApiOperation({
    summary: `MVs related to a song, by numeric song id (${KOA}'s route)`,
    description: `Same answer as /getSongRelatedMvs; \`limit\` is sent as upstream \`num\`. Legacy shape: \`{ response: <upstream answer> }\`, key \`video\` (the same call ${KOA} makes).`,
  })
  @ApiEnvelope('Related MVs.', { mvs: [MV_EXAMPLE], hasMore: true, lastMvid: 1539259 }, RelatedMvs)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getRelatedMv(@Query() query: LegacyRelatedMvQuery) {
    return this.recommend.relatedMvsById(Number(query.songid), query.lastmvid ?? 0, query.limit);
  }
}
