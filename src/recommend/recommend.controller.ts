import { CacheTTL } from '@nestjs/cache-manager';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, UPSTREAM_ERRORS } from '../common/api-docs';
import { SongMidQuery } from '../music/dto/song-mid.dto';
import { RadioNumQuery, RadioTracksQuery, SongRelatedMvsQuery, SongRelatedPlaylistsQuery } from './dto/recommend.dto';
import { ApiAccountRoute } from '../user/api-account-route';
import { DAILY_404, DAILY_EXAMPLE, MV_EXAMPLE, NEEDS_LOGIN, RELATED_PLAYLIST_EXAMPLE, SONG_404, SONG_EXAMPLE } from './recommend-docs';
import { DailySongs, RadioTracks, RelatedMvs, RelatedPlaylists, SimilarSongs } from './recommend.answers';
import { RecommendService } from './recommend.service';

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
  @ApiEnvelope('The daily playlist and its songs.', DAILY_EXAMPLE, DailySongs)
  @ApiAccountRoute(DAILY_404)
  getDailySongs() {
    return this.recommend.getDailySongs();
  }

  @Get('getPersonalRadio')
  @ApiOperation({
    summary: 'Guess you like (猜你喜欢, station 99): the account\'s next tracks (needs a login)',
    description: `${NEEDS_LOGIN} Upstream \`MbTrackRadioSvr\` / \`get_radio_track\` with id 99. Never cached: every call gives the next tracks, as the radio plays on.`,
  })
  @ApiEnvelope('The next tracks.', { tracks: [SONG_EXAMPLE] }, RadioTracks)
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
  @ApiEnvelope('The station\'s tracks.', { tracks: [SONG_EXAMPLE] }, RadioTracks)
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
  @ApiEnvelope('Similar songs.', { songs: [SONG_EXAMPLE] }, SimilarSongs)
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
  @ApiEnvelope('Related playlists.', { playlists: [RELATED_PLAYLIST_EXAMPLE], hasMore: true }, RelatedPlaylists)
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
  @ApiEnvelope('Related MVs.', { mvs: [MV_EXAMPLE], hasMore: true, lastMvid: 1539259 }, RelatedMvs)
  @ApiErrorResponses(400, SONG_404, ...UPSTREAM_ERRORS)
  getSongRelatedMvs(@Query() query: SongRelatedMvsQuery) {
    return this.recommend.getSongRelatedMvs(query);
  }
}
