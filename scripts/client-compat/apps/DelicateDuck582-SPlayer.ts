import type { ClientApp, ClientCall } from '../types';
import { SONG_MID } from '../values';

const REC = 'src/api/recommend.ts';
const DAILY = 'response.recommend.songlist[]';
const QQ = 'src/api/qq/index.ts';
const CORE = 'src/api/qq/core.ts';
/** qqApi sends the stored QQ cookie as X-Custom-Cookie on every call when the user has one. */
const LOGGED_IN: Pick<ClientCall, 'headers' | 'setup'> = { headers: { 'X-Custom-Cookie': '$cookie' }, setup: 'login-cookie' };
/** qqSearchCompat: page = offset / limit + 1, limit 50 (the search page's default), remoteplace by the tab. */
const search = (remoteplace: string, key: string, reads: string[]): ClientCall => ({
  name: `qqSearchCompat (${remoteplace})`,
  method: 'GET',
  path: '/getSearchByKey',
  query: { key, page: '1', limit: '50', remoteplace },
  reads,
  where: [`${QQ}#qqSearchByKey`, `${QQ}#qqSearchCompat`, `${CORE}#mapQqSearchBody`],
});
const SONGS = 'response.data.song.list[]';

/**
 * Electron/Vue music player (an SPlayer fork) with a QQ Music source over DelicateDuck582/qq-music-api, a fork of
 * sansenjian/qq-music-api. Its home page asks the QQ source for daily songs, playlists, singers and new albums.
 */
export const app: ClientApp = {
  repo: 'DelicateDuck582/SPlayer',
  commit: '1036578069e5ff688cb8e107772fca0ecea63cec',
  files: [REC, `${QQ} (at 0fb445183b2adffabce25a8a49a5e31600814a53)`],
  summary: 'Electron + Vue player; own axios instance qqApi, GET with the query from an object (empty values dropped), login cookie in X-Custom-Cookie, reads with path fallbacks',
  calls: [
    // mapQqSearchBody → qqRawToRef / mapQqArtists / mapQqAlbums / mapQqPlaylists (first spelling found wins)
    search('song', '周杰伦', [
      `${SONGS}.songmid || ${SONGS}.mid`,
      `${SONGS}.songname || ${SONGS}.title || ${SONGS}.name`,
      `${SONGS}.singer[].name`,
      `${SONGS}.albummid || ${SONGS}.album.mid`,
      `${SONGS}.albumname || ${SONGS}.album.name`,
      `${SONGS}.interval`,
      'response.data.song.totalnum',
    ]),
    search('singer', '周杰伦', [
      'response.data.singer.list[].name || response.data.singer.list[].singerName',
      'response.data.singer.list[].mid || response.data.singer.list[].singerMid',
      'response.data.singer.totalnum',
    ]),
    search('album', '周杰伦', [
      'response.data.album.list[].albumName || response.data.album.list[].name',
      'response.data.album.list[].albumMid || response.data.album.list[].mid',
      'response.data.album.totalnum',
    ]),
    search('playlist', '古风', [
      'response.data.songlist.list[].dissid || response.data.songlist.list[].id',
      'response.data.songlist.list[].dissname || response.data.songlist.list[].name',
      'response.data.songlist.list[].imgurl',
      'response.data.songlist.totalnum',
    ]),
    {
      name: 'qqSearchHotCompat',
      method: 'GET',
      path: '/getHotkey',
      reads: ['response.data.hotkey[].k'],
      where: [`${QQ}#qqHotKey`, `${QQ}#qqSearchHotCompat`],
    },
    {
      name: 'qqSongUrlById',
      method: 'GET',
      path: '/getMusicPlay',
      query: { songmid: SONG_MID, quality: '320' },
      ...LOGGED_IN,
      reads: [`data.playUrl.${SONG_MID}.url || response.data.playUrl.${SONG_MID}.url`],
      where: [`${QQ}#qqMusicPlay`, `${QQ}#qqSongUrlById`, `${CORE}#pickQqPlayUrl`],
    },
    {
      name: 'qqLyricById',
      method: 'GET',
      path: '/getLyric',
      query: { songmid: SONG_MID, isFormat: 'true' },
      ...LOGGED_IN,
      // qqLyricText: a string at response.lyric, else its .lyric (sansenjian/qq-music-api's parsed Lyric object keeps the LRC text there)
      reads: ['response.lyric.lyric'],
      where: [`${QQ}#qqLyricRaw`, `${QQ}#qqLyricById`, `${CORE}#qqLyricText`],
    },
    {
      name: 'testQqApiBase (connection probe)',
      method: 'GET',
      path: '/getTopLists',
      reads: ['response.code || code'],
      where: [`${QQ}#testQqApiBase`],
    },
    {
      name: 'qqLoginQr',
      method: 'GET',
      path: '/getQQLoginQr',
      reads: ['img', 'qrsig', 'ptqrtoken'],
      where: [`${QQ}#qqLoginQr`, `${CORE}#QqResponse`],
    },
    {
      name: 'homeArtists (qq)',
      method: 'GET',
      path: '/getSingerList',
      // mapQqArtists (src/api/qq/core.ts) maps the first list found: name ?? singerName, mid ?? singerMid, id
      reads: ['response.singerList.data.singerlist[]'],
      unavailable: [
        {
          path: 'response.singerList.data.singerlist[].name || .singerName, .mid || .singerMid',
          reason: 'upstream\'s singer list names them singer_name and singer_mid (the Koa services pass it on as it is), so the app shows singers without names and builds no avatar with any server',
        },
      ],
      where: [`${REC}#homeArtists`],
    },
    {
      name: 'homeAlbums (qq)',
      method: 'GET',
      path: '/getNewDisks',
      query: { areaId: '5', limit: '20' },
      // mapQqAlbums: albumName ?? name, albumMid ?? mid
      reads: ['response.new_album.data.albums[].albumName || response.new_album.data.albums[].name', 'response.new_album.data.albums[].albumMid || response.new_album.data.albums[].mid'],
      where: [`${REC}#homeAlbums`],
    },
    {
      name: 'qqPlaylists (anonymous fallback)',
      method: 'GET',
      path: '/getSongLists',
      query: { page: '1', limit: '20', categoryId: '10000000', sortId: '5' },
      reads: ['response.data.list[].dissid', 'response.data.list[].dissname', 'response.data.list[].imgurl', 'response.data.list[].listennum'],
      where: [`${REC}#qqPlaylists`],
    },
    {
      name: 'homeDailySongs (qq)',
      method: 'GET',
      path: '/getDailyRecommend',
      ...LOGGED_IN,
      // the first list found of recommend.songlist, data.list, data.songlist, list; each item songmid|mid, songname|title|name
      reads: [
        `${DAILY}.songmid || ${DAILY}.mid`,
        `${DAILY}.songname || ${DAILY}.title || ${DAILY}.name`,
        `${DAILY}.singer[].name`,
        `${DAILY}.albummid`,
        `${DAILY}.interval`,
      ],
      where: [`${REC}#homeDailySongs`],
    },
    {
      name: 'qqPlaylists (personal recommend)',
      method: 'GET',
      path: '/getPersonalRecommend',
      // anonymous (or an empty own list): the first list of recomPlaylist.content, .list, .data.list, response.data.content
      reads: [
        'response.recomPlaylist.content[].dissid || response.recomPlaylist.list[].dissid || response.recomPlaylist.data.list[].dissid || response.data.content[].dissid',
        'response.recomPlaylist.data.list[].dissname',
        'response.recomPlaylist.data.list[].imgurl',
      ],
      where: [`${REC}#qqPlaylists`],
    },
    {
      name: 'qqUserDetail (no uin)',
      method: 'GET',
      path: '/user/getUserDetail',
      ...LOGGED_IN,
      // qqUserDetail's readers are outside the recorded files: checked is the profile as sansenjian/qq-music-api answers it
      reads: ['response.code', 'response.data.creator.nick'],
      where: [`${QQ}#qqUserDetail`],
    },
    {
      name: 'qqUserPlaylists (no uin)',
      method: 'GET',
      path: '/user/getUserPlaylists',
      ...LOGGED_IN,
      // logged in, qqPlaylists maps the first list of response.data.disslist, response.data.list (mapQqPlaylists)
      reads: ['response.data.disslist[].dissid || response.data.list[].dissid', 'response.data.disslist[].dissname || response.data.list[].dissname'],
      where: [`${QQ}#qqUserPlaylists`, `${REC}#qqPlaylists`],
    },
    {
      name: 'qqUserLikedSongs (no uin)',
      method: 'GET',
      path: '/user/getUserLikedSongs',
      ...LOGGED_IN,
      // as qqUserDetail: checked is the liked list's id as sansenjian/qq-music-api answers it
      reads: ['response.code', 'response.data.info.id'],
      where: [`${QQ}#qqUserLikedSongs`],
    },
  ],
  notReplayed: [
    {
      path: 'POST /checkQQLoginQr?qrsig=… (qrsig only; reads response.data.status || data.status || response.code || code, then response.data.cookie || data.cookie)',
      reason: 'sansenjian/qq-music-api\'s controller reads the query only when it holds ptqrtoken, else the body, so this call reaches it with no tokens; and no Koa version answers these fields (they answer `{ isOk, session }`, as the gateway does). The app\'s QR login cannot work against either',
    },
    {
      path: 'GET /user/getVipInfo',
      reason: 'a route of newer sansenjian/qq-music-api the gateway does not have',
    },
  ],
};
