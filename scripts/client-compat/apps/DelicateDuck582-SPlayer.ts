import type { ClientApp } from '../types';

const REC = 'src/api/recommend.ts';
const QQ = 'src/api/qq/index.ts';

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
  ],
  notReplayed: [
    {
      path: 'GET /getDailyRecommend (reads response.recommend.songlist || .data.list || .data.songlist || .list, items songmid|mid, songname|title|name, singer[].name, albummid, interval)',
      reason: 'a recommendation route of the newer Koa qq-music-api, built on its own branch (docs/upstream/library.md "Routes apps use"); to be replayed once it is merged',
    },
    {
      path: 'GET /getPersonalRecommend (reads response.recomPlaylist.content || .list || .data.list, response.data.content)',
      reason: 'a recommendation route of the newer Koa qq-music-api, built on its own branch (docs/upstream/library.md "Routes apps use"); to be replayed once it is merged',
    },
    {
      path: 'GET /user/getUserPlaylists without uin, cookie in X-Custom-Cookie (reads response.data.disslist || response.data.list)',
      reason: 'its qq-music-api fork takes the uin from the cookie and answers the CGI\'s `disslist`; not replayed here (see the report of issue 33)',
    },
  ],
};
