import { CacheTTL } from '@nestjs/cache-manager';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, ApiPlainOk, UPSTREAM_ERRORS } from '../common/api-docs';
import { BatchGetSongInfoBody } from './dto/batch-get-song-info.dto';
import { GetAlbumInfoQuery } from './dto/get-album-info.dto';
import { GetAlbumSongsQuery } from './dto/get-album-songs.dto';
import { GetLyricQuery } from './dto/get-lyric.dto';
import { GetSongInfoQuery } from './dto/get-song-info.dto';
import { DownloadMainMusicQuery, GetMusicPlayBatchBody, GetMusicPlayQuery, MAX_BATCH_PLAY_MIDS } from './dto/music-play.dto';
import { withOldNames } from '../common/answer-schema';
import {
  ALBUM_SONG_RENAMES,
  AlbumInfo,
  AlbumSongsPage,
  BatchPlayAnswer,
  BatchSongInfoAnswer,
  DownloadAnswer,
  GetLyricAnswer,
  MusicPlayAnswer,
  SONG_SUMMARY_RENAMES,
  SongInfoAnswer,
  SongFavCountAnswer,
  SONG_FAV_COUNT_EXAMPLE,
} from './music.answers';
import { MusicService } from './music.service';
import { PlayUrlService } from './play-url.service';
import { GetSongFavCountQuery } from './dto/get-song-fav-count.dto';

const SONG_SUMMARY = withOldNames(
  {
    id: 97773,
    mid: '0039MnYb0qxYhV',
    name: '晴天',
    title: '晴天',
    singers: [{ id: 4558, mid: '0025NhlN2yWrP4', name: '周杰伦' }],
    album: { id: 8220, mid: '000MkMni19ClKG', name: '叶惠美', cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000000MkMni19ClKG.jpg' },
    interval: 269,
    publicTime: '2003-07-31',
    mediaMid: '0039MnYb0qxYhV',
  },
  SONG_SUMMARY_RENAMES,
);
const ALBUM_SONG = withOldNames(
  { songmid: '0039MnYb0qxYhV', songid: 97773, songname: '晴天', singers: [{ id: 4558, mid: '0025NhlN2yWrP4', name: '周杰伦' }], interval: 269 },
  ALBUM_SONG_RENAMES,
);
const SONG_NOT_FOUND = { status: 404, description: 'Unknown song.', errorCodes: ['SONG_NOT_FOUND'] };
export const PLAY_ERRORS = [
  400,
  SONG_NOT_FOUND,
  { status: 404, description: 'The song has no file in that quality (body also has `available`).', errorCodes: ['QUALITY_UNAVAILABLE'] },
  { status: 403, description: 'Upstream gives no play URL (VIP/paid song, region or login; body has `upstreamResult` and `available`).', errorCodes: ['NO_PLAY_URL'] },
  { status: 403, description: 'Upstream offers only an encrypted file (.mflac/.mgg), which this gateway never serves (body has `available`).', errorCodes: ['ENCRYPTED_ONLY'] },
  ...UPSTREAM_ERRORS,
];
const PLAY_EXAMPLE = { url: 'https://ws.stream.qqmusic.qq.com/M8000039MnYb0qxYhV.mp3?vkey=…', size: 10792943, quality: '320kbps', available: ['128', '320', 'm4a', 'flac'] };

@ApiTags('music')
@Controller()
export class MusicController {
  constructor(
    private readonly music: MusicService,
    private readonly playUrls: PlayUrlService,
  ) {}

  @Get('getSongInfo')
  @CacheTTL(3600)
  @ApiOperation({
    summary: 'Song details by id or MID',
    description:
      'Upstream `music.pf_song_detail_svr`/`get_song_detail_yqq`. `data` is the normalised song summary; `songinfo` is upstream\'s answer as sent. ' +
      'Send `songid` or `songmid`; when both are sent, `songid` is used and `songmid` is ignored.',
  })
  @ApiPlainOk('`{ code, msg, data: <song summary>, songinfo: { code, data: { track_info, info, extras } } }`.', {
    code: 0,
    msg: 'ok',
    data: SONG_SUMMARY,
    songinfo: { code: 0, data: { track_info: { id: 97773, mid: '0039MnYb0qxYhV', name: '晴天' }, info: {}, extras: {} } },
  }, SongInfoAnswer)
  @ApiErrorResponses({ status: 400, description: 'Neither songid nor songmid, or a malformed one.', errorCodes: ['BAD_REQUEST'] }, SONG_NOT_FOUND, ...UPSTREAM_ERRORS)
  getSongInfo(@Query() query: GetSongInfoQuery) {
    return this.music.getSongInfo(query);
  }

  @Get('getMusicPlay')
  @CacheTTL(300) // vkey URLs live ~1 day, but rights can change with the cookie
  @ApiOperation({
    summary: 'Play URL of a song in a quality',
    description:
      'Song detail (file sizes) and the play key (`UrlGetVkey`, falling back to `CgiGetVkey`) in one upstream request; a song asked within the last hour needs the key alone. ' +
      '`quality` in the answer is a label (128kbps, 320kbps, m4a, flac, ape, aac48, … master, atmos, atmos51, atmos71, dolby, dtsx, nac); `size` in bytes; `available` the levels the song has. ' +
      '`quality=best` asks every level the song has in one key call and answers the best one upstream gave a URL for, levels whose file name is doubtful (master, hires, ape, atmos, atmos51) last, nac never. ' +
      'When the full file has no URL, the song\'s trial clip is answered instead, marked `trial: true` with `trialSeconds`. ' +
      'Comma-separated MIDs (up to 20) answer `{ list: [...] }`, one entry per song, a song without a URL included (`error`, `errorCode`); more songs: POST /getMusicPlayBatch.',
  })
  @ApiEnvelope(
    'One MID: its play URL (`PlayUrl`). Comma-separated MIDs: `{ list }` (`PlayList`), a `PlayListEntry` or a `PlayListFailure` per MID, in order.',
    PLAY_EXAMPLE,
    MusicPlayAnswer,
  )
  @ApiErrorResponses(...PLAY_ERRORS)
  getMusicPlay(@Query() query: GetMusicPlayQuery) {
    return this.playUrls.getMusicPlay(query);
  }

  @Get('downloadMainMusic')
  @CacheTTL(300)
  @ApiOperation({
    summary: 'Download URL and file name of a song in a quality',
    description: 'As /getMusicPlay, plus `filename`: the upstream file name to save the download as.',
  })
  @ApiEnvelope(
    'The download URL as JSON (the gateway neither streams the audio nor redirects to it).',
    { url: 'https://ws.stream.qqmusic.qq.com/F000003Qui1q2u1Zho.flac?vkey=…', size: 55397039, quality: 'flac', available: ['128', '320', 'm4a', 'flac'], filename: 'F000003Qui1q2u1Zho.flac' },
    DownloadAnswer,
  )
  @ApiErrorResponses(...PLAY_ERRORS)
  downloadMainMusic(@Query() query: DownloadMainMusicQuery) {
    return this.playUrls.downloadMainMusic(query);
  }

  @Post('getMusicPlayBatch')
  @HttpCode(200)
  @ApiOperation({
    summary: `Play URLs of up to ${MAX_BATCH_PLAY_MIDS} songs at once`,
    description:
      'The details of songs not known yet and the play keys in one upstream request (a song whose media MID differs from its MID, and `best`, add one key call; ' +
      'keys beyond 100 files per call are split over several calls). A MID sent twice is asked once and answered twice. ' +
      'A song without a URL, or whose lookup failed, becomes `{ ok: false, error, errorCode, available }` (the errorCode a single /getMusicPlay would answer); the others are kept. ' +
      'Never cached as a whole (POST); the song files it reads are kept for later single calls (SONG_FILES_KEPT).',
  })
  @ApiBody({ type: GetMusicPlayBatchBody, description: 'JSON body.', examples: { twoSongs: { value: { songmids: ['0039MnYb0qxYhV', '003UkWuI0E8U0l'], quality: 'best' } } } })
  @ApiEnvelope('One element per MID sent, in order: `BatchPlayFound` (`ok: true`) or `BatchPlayFailed` (`ok: false`).', [
    { songmid: '0039MnYb0qxYhV', ok: true, ...PLAY_EXAMPLE, filename: 'M800003Qui1q2u1Zho.mp3' },
    { songmid: '000000000000zz', ok: false, error: 'No song found for songmid 000000000000zz', errorCode: 'SONG_NOT_FOUND', available: [] },
  ], BatchPlayAnswer)
  @ApiErrorResponses({ status: 400, description: `Invalid \`songmids\` (more than ${MAX_BATCH_PLAY_MIDS}, empty, or not MIDs) or \`quality\`.`, errorCodes: ['BAD_REQUEST'] })
  getMusicPlayBatch(@Body() body: GetMusicPlayBatchBody) {
    return this.playUrls.getMusicPlayBatch(body);
  }

  @Get('getLyric')
  @CacheTTL(86400)
  @ApiOperation({
    summary: 'Lyric (and translation) of a song; word-by-word with format=qrc or timeline',
    description: 'format=lrc (default), isFormat=0: `{ lyric, trans }` as UTF-8 LRC text (`trans` is \'\' when none). isFormat=1: each becomes `{ lyric, tags: { title, artist, album, offset, by }, lines: [{ time (ms), text }] }` (and, until it is removed, `txt`: the same text under the reference implementations\' name). format=qrc: `{ format: \'qrc\', lyric: <QRC text>, trans, roma? }`. format=timeline: `{ format: \'timeline\', source, tags, lines: [{ start, duration, text, words: [{ start, duration, text }], trans?, roma? }] }` in ms. roma=1 (qrc or timeline only) adds the romanisation. When the word-by-word lyric is missing or broken, qrc answers the LRC texts with `format: \'lrc\'` and timeline answers line-level lines from the LRC (`source: \'lrc\'`), both with a `message`.',
  })
  @ApiEnvelope('format=lrc: `LyricText` (isFormat=0) or `LyricParsed` (isFormat=1). format=qrc: `LyricQrc`, or `LyricQrcFallback`. format=timeline: `LyricTimeline`.', { lyric: '[ti:晴天]\n[ar:周杰伦]\n[00:01.00]故事的小黄花', trans: '' }, GetLyricAnswer)
  @ApiErrorResponses(400, { status: 404, description: 'Upstream has no lyric for the song (body has `upstreamCode`).', errorCodes: ['LYRIC_NOT_FOUND'] }, ...UPSTREAM_ERRORS)
  getLyric(@Query() query: GetLyricQuery) {
    return this.music.getLyric(query);
  }

  @Get('getAlbumInfo')
  @CacheTTL(3600)
  @ApiOperation({ summary: 'Album details and track list', description: 'Album info with its songs.' })
  @ApiEnvelope('The album.', {
    albumId: 8220,
    albumMid: '000MkMni19ClKG',
    albumName: '叶惠美',
    singerName: '周杰伦',
    publicTime: '2003-07-31',
    cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000000MkMni19ClKG.jpg',
    company: '杰威尔音乐',
    desc: '…',
    total: 11,
    songs: [ALBUM_SONG],
  }, AlbumInfo)
  @ApiErrorResponses(400, { status: 404, description: 'Unknown album.', errorCodes: ['ALBUM_NOT_FOUND'] }, ...UPSTREAM_ERRORS)
  getAlbumInfo(@Query() query: GetAlbumInfoQuery) {
    return this.music.getAlbumInfo(query);
  }

  @Get('getAlbumSongs')
  @CacheTTL(3600)
  @ApiOperation({ summary: 'An album\'s songs, one page at a time', description: '`total` is the album\'s song count; a page past the end has no songs.' })
  @ApiEnvelope('One page of the album\'s songs.', {
    albumMid: '000MkMni19ClKG',
    total: 10,
    page: 0,
    limit: 10,
    songs: [ALBUM_SONG],
  }, AlbumSongsPage)
  @ApiErrorResponses(400, { status: 404, description: 'Unknown album.', errorCodes: ['ALBUM_NOT_FOUND'] }, ...UPSTREAM_ERRORS)
  getAlbumSongs(@Query() query: GetAlbumSongsQuery) {
    return this.music.getAlbumSongs(query);
  }

  @Post('batchGetSongInfo')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Details of up to 50 songs at once',
    description:
      'All entries in one upstream request (one song-detail lookup per distinct song). Upstream failures never fail the whole request: a failed or unknown song becomes ' +
      '`{ ok: false, error, errorCode[, upstreamCode] }` (the errorCode a single /getSongInfo would answer, e.g. UPSTREAM_TIMEOUT, SONG_NOT_FOUND); the others are kept. Answer in request order.',
  })
  @ApiBody({ type: BatchGetSongInfoBody, required: false, description: 'JSON body (optional: no body = no songs).', examples: { twoSongs: { value: { songs: [['0039MnYb0qxYhV'], ['003UkWuI0E8U0l', '331839675']] } } } })
  @ApiEnvelope('One element per entry, in request order: `BatchSongFound` (`ok: true`) or `BatchSongFailed` (`ok: false`).', [
    { song_mid: '0039MnYb0qxYhV', song_id: '', ok: true, data: SONG_SUMMARY, songinfo: { code: 0, data: {} } },
    { song_mid: '', song_id: '1', ok: false, error: 'No song found for songid 1', errorCode: 'SONG_NOT_FOUND' },
  ], BatchSongInfoAnswer)
  @ApiErrorResponses(
    { status: 400, description: 'Invalid `songs`.', errorCodes: ['BAD_REQUEST'] },
  )
  batchGetSongInfo(@Body() body: BatchGetSongInfoBody) {
    return this.music.batchGetSongInfo(body);
  }

  @Get('getSongFavCount')
  @CacheTTL(300)
  @ApiOperation({
    summary: 'How many users favourited a song',
    description: 'Upstream: the song\'s detail (MID → numeric id), then `music.musicasset.SongFavRead`/`GetSongFansNumberById` (docs/upstream/music.md "Song favourite count"). `favCount` is upstream\'s number, seen capped at 1000001 for a song with millions; `favCountText` is the figure QQ Music\'s app shows (e.g. `550w+`: w = 万, 10 000).',
  })
  @ApiEnvelope('Song favourite count (`SongFavCountAnswer`).', SONG_FAV_COUNT_EXAMPLE, SongFavCountAnswer)
  @ApiErrorResponses(400, { status: 404, description: 'Unknown song.', errorCodes: ['SONG_NOT_FOUND'] }, ...UPSTREAM_ERRORS)
  getSongFavCount(@Query() query: GetSongFavCountQuery) {
    return this.music.getSongFavCount(query);
  }
}
