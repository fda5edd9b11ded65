import type { ClientApp } from '../types';
import { CATEGORY_ID, DISSTID, SONG_MID } from '../values';

const API = 'src/services/qqMusicApi.ts';
/** fetchApi sends this header on every GET. */
const JSON_HEADER = { 'Content-Type': 'application/json' };
const at = (line: number) => `${API}:${line}`;

/** Electron + React player (2026) that bundles the Koa service and talks to it over HTTP with fetch. */
export const app: ClientApp = {
  repo: 'RubenCampoa/Beta-music-player',
  commit: '14827197edf3163bcb74c2bd63590be9054eeb17',
  files: [API, 'src/types/qq.ts'],
  summary: 'Electron + React player; fetch against a local qq-music-api (QQ_API_BASE), login cookie sent as ?cookie=',
  calls: [
    {
      name: 'searchSongs',
      method: 'GET',
      path: '/getSearchByKey',
      query: { key: '晴天', limit: '30', page: '1' },
      headers: JSON_HEADER,
      reads: [
        'response.data.song.list[].songmid',
        'response.data.song.list[].songname',
        'response.data.song.list[].singer[].name',
        'response.data.song.list[].singer[].mid',
        'response.data.song.list[].albummid',
        'response.data.song.list[].albumname',
        'response.data.song.list[].interval',
        'response.data.song.list[].pay',
      ],
      where: [at(233)],
    },
    {
      name: 'resolveSongBySearch',
      method: 'GET',
      path: '/getSearchByKey',
      // the app searches "<title> <artist>"; the fake's search matches one word, so the title alone
      query: { key: '晴天', limit: '5' },
      headers: JSON_HEADER,
      reads: ['response.data.song.list[].songmid', 'response.data.song.list[].songname', 'response.data.song.list[].singer[].name'],
      where: [at(371)],
    },
    {
      name: 'getToplistSongs',
      method: 'GET',
      path: '/getRanks',
      query: { topId: '26', limit: '100', page: '0' },
      headers: JSON_HEADER,
      reads: [
        'response.req_1.data.data.song[].songId',
        'response.req_1.data.data.song[].title',
        'response.req_1.data.data.song[].singerName',
      ],
      where: [at(255)],
    },
    {
      name: 'fetchSongPayInfo',
      method: 'GET',
      path: '/getSongInfo',
      query: { songmid: SONG_MID },
      headers: JSON_HEADER,
      reads: ['response.songinfo.data.track_info.pay.pay_play'],
      where: [at(297)],
    },
    {
      name: 'getSongAudioUrl',
      method: 'GET',
      path: '/getMusicPlay',
      query: { songmid: SONG_MID, quality: '128', cookie: '$cookie' },
      headers: JSON_HEADER,
      setup: 'login-cookie',
      reads: [`data.playUrl.${SONG_MID}.url`],
      where: [at(333)],
    },
    {
      name: 'getSongLyrics',
      method: 'GET',
      path: '/getLyric',
      query: { songmid: SONG_MID, cookie: '$cookie' },
      headers: JSON_HEADER,
      setup: 'login-cookie',
      // the app also atob()s response.trans when there is one: the legacy shape leaves it base64
      reads: ['response.lyric'],
      where: [at(390)],
    },
    {
      name: 'getRecommendPlaylists',
      method: 'GET',
      path: '/getSongLists',
      query: { limit: '20', page: '0', sortId: '5', categoryId: CATEGORY_ID },
      headers: JSON_HEADER,
      reads: [
        'response.data.list[].dissid',
        'response.data.list[].dissname',
        'response.data.list[].imgurl',
        'response.data.list[].listennum',
      ],
      where: [at(458)],
    },
    {
      name: 'getPlaylistSongs',
      method: 'GET',
      path: '/getSongListDetail',
      query: { disstid: DISSTID },
      headers: JSON_HEADER,
      reads: [
        'response.cdlist[0].songlist[].songmid || response.cdlist[0].songlist[].mid',
        'response.cdlist[0].songlist[].songname || response.cdlist[0].songlist[].name',
        'response.cdlist[0].songlist[].singer[].name',
        'response.cdlist[0].songlist[].album.mid',
        'response.cdlist[0].songlist[].album.name',
        'response.cdlist[0].songlist[].interval',
        'response.cdlist[0].songlist[].pay',
      ],
      where: [at(544)],
    },
    {
      name: 'getUserPlaylists',
      method: 'GET',
      path: '/user/getUserPlaylists',
      query: { uin: '$uin', limit: '50', cookie: '$cookie' },
      headers: JSON_HEADER,
      setup: 'login-cookie',
      reads: [
        'response.data.playlists[].dissid',
        'response.data.playlists[].title || response.data.playlists[].dissname',
        'response.data.playlists[].logo || response.data.playlists[].imgurl || response.data.playlists[].picurl',
        'response.data.playlists[].songnum || response.data.playlists[].song_cnt || response.data.playlists[].songCount || response.data.playlists[].subtitle',
      ],
      where: [at(623)],
    },
    {
      name: 'getUserAccount',
      method: 'GET',
      path: '/user/getUserDetail',
      query: { uin: '$uin', cookie: '$cookie' },
      headers: JSON_HEADER,
      setup: 'login-cookie',
      reads: ['response.data.creator.nick'],
      unavailable: [{
        path: 'response.data.creator.avatarUrl',
        reason: 'the profile homepage answer names the picture headpic; none of the app\'s spellings (avatarUrl, headimg, headImg, avatar) is ever there, so the app falls back to q.qlogo.cn',
      }],
      where: [at(683)],
    },
    {
      name: 'getQrKey',
      method: 'GET',
      path: '/getQQLoginQr',
      headers: JSON_HEADER,
      reads: ['ptqrtoken', 'qrsig', 'img'],
      where: [at(722)],
    },
    {
      name: 'checkQrStatus',
      method: 'POST',
      path: '/checkQQLoginQr',
      body: { ptqrtoken: '$ptqrtoken', qrsig: '$qrsig' },
      contentType: 'json',
      setup: 'qq-login-confirmed',
      // the app stores `session` itself as its cookie string
      reads: ['isOk', 'session'],
      where: [at(748)],
    },
  ],
};
