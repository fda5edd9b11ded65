import type { ClientCall } from '../types';
import { ALBUM_MID, CATEGORY_ID, DISSTID, SONG_MID } from '../values';

/**
 * What H-Haynes' two players have in common: uni-TIMP's apis/qq.ts is TIMP's api/qq.ts ported to uni.request, so
 * both send the same requests. Each record adds its own `where`, and its own reads where the two apps' screens differ.
 */

/** Requests of qq.ts whose answers the two apps read differently. */
export const requests = {
  getRecommendQQ: { name: 'getRecommendQQ', method: 'GET', path: '/getRecommend' },
  getAlbumListQQ: { name: 'getAlbumListQQ', method: 'GET', path: '/getSongLists', query: { categoryId: CATEGORY_ID, page: '1' } },
  getRankListQQ: { name: 'getRankListQQ', method: 'GET', path: '/getTopLists', query: { limit: '50' } },
  getAlbumDetailQQ: {
    name: 'getAlbumDetailQQ',
    method: 'GET',
    // the app's template really has a doubled slash
    path: '//getSongListDetail',
    query: { disstid: DISSTID },
  },
  getRankDetailQQ: {
    name: 'getRankDetailQQ',
    method: 'GET',
    path: '/getRanks',
    // 62 (飙升榜) is a chart whose GetDetail answer carries songInfoList, the branch the app reads first
    query: { topId: '62', limit: '100' },
  },
} satisfies Record<string, Omit<ClientCall, 'reads' | 'where'>>;

/** What both apps' album view reads of every track, of a playlist (`cdlist[0].songlist[]`) or a chart (`songInfoList[]`). */
export const TRACK_READS = (list: string): string[] =>
  ['name', 'mid', 'mv.vid', 'interval', 'album.name', 'singer[].name', 'singer[].id'].map((field) => `${list}.${field}`);

/** Both album views show each track's album picture, which QQ track objects never carry. */
export const NO_ALBUM_PIC = {
  playlist: {
    path: 'response.cdlist[0].songlist[].album.picUrl',
    reason: 'QQ track objects carry album {id, mid, name, title, subtitle}; no upstream answer has a picture URL there',
  },
  chart: { path: 'response.req_1.data.songInfoList[].album.picUrl', reason: 'QQ track objects carry no album picture URL' },
};

/** Calls both apps send and read alike: only where they are built and read differs. */
export const calls = {
  getCategoryListQQ: {
    name: 'getCategoryListQQ',
    method: 'GET',
    path: '/getSongListCategories',
    reads: ['response.code', 'response.data.categories[].items[].categoryName', 'response.data.categories[].items[].categoryId'],
  },
  getSongInfoQQ: {
    name: 'getSongInfoQQ',
    method: 'GET',
    path: '/getSongInfo',
    query: { songmid: SONG_MID },
    reads: [
      'response.code',
      'response.songinfo.data.track_info.singer[].name',
      'response.songinfo.data.track_info.singer[].mid',
      'response.songinfo.data.track_info.title',
      'response.songinfo.data.track_info.interval',
      'response.songinfo.data.track_info.album.mid',
    ],
  },
  getSongPicQQ: {
    name: 'getSongPicQQ',
    method: 'GET',
    path: '/getImageUrl',
    query: { id: ALBUM_MID },
    reads: ['response.code', 'response.data.imageUrl'],
  },
  getSongUrlQQ: {
    name: 'getSongUrlQQ',
    method: 'GET',
    path: '/getMusicPlay',
    query: { songmid: SONG_MID },
    reads: [`data.playUrl.${SONG_MID}.url`],
  },
  getLyricQQ: {
    name: 'getLyricQQ',
    method: 'GET',
    path: '/getLyric',
    query: { songmid: SONG_MID },
    reads: ['response.code', 'response.lyric'],
  },
  searchQQ: {
    name: 'searchQQ',
    method: 'GET',
    path: '/getSmartbox',
    query: { key: '晴天', limit: '30' },
    reads: [
      'response.code',
      'response.data.song.itemlist[].mid',
      'response.data.song.itemlist[].name',
      'response.data.song.itemlist[].singer',
    ],
    // smartbox song items carry {docid, id, mid, name, singer}; the app's other two fields were never there
    unavailable: [
      { path: 'response.data.song.itemlist[].mv', reason: 'smartbox song items have no mv field' },
      { path: 'response.data.song.itemlist[].singerid', reason: 'smartbox song items name the singer only as text' },
    ],
  },
} satisfies Record<string, Omit<ClientCall, 'where'>>;
