import type { ClientApp } from '../types';
import { ALBUM_MID, SONG_MID } from '../values';

const F = 'saya/CloudMusic/__init__.py';

/**
 * QQ group bot (Python, Graia Ariadne) whose 点歌 command searches NetEase and QQ Music, then downloads the chosen
 * song. Read at v2.15.3 ("修复点歌QQ音乐报错的问题"); later commits commented the QQ search out.
 */
export const app: ClientApp = {
  repo: 'djkcyl/ABot-Graia',
  commit: '062e87726a8ff489f12f394316e4b078ef98201c',
  files: [F, 'README.md'],
  summary: 'QQ bot (Python); httpx GET with f-string URLs, indexes the JSON directly; base URL http://127.0.0.1:3200',
  calls: [
    {
      name: 'search (QQ branch)',
      method: 'GET',
      path: '/getSearchByKey',
      query: { key: '晴天' },
      reads: [
        'response.data.song.curnum',
        'response.data.song.list[].songmid',
        'response.data.song.list[].songname',
        'response.data.song.list[].singer[].name',
      ],
      where: [`${F}:197`],
    },
    {
      name: 'song info',
      method: 'GET',
      path: '/getSongInfo',
      query: { songmid: SONG_MID },
      reads: [
        'response.songinfo.data.track_info.album.mid',
        'response.songinfo.data.track_info.name',
        'response.songinfo.data.track_info.singer[].name',
      ],
      where: [`${F}:277`],
    },
    {
      name: 'play URL',
      method: 'GET',
      path: '/getMusicPlay',
      query: { songmid: SONG_MID },
      reads: [`data.playUrl.${SONG_MID}.url`],
      where: [`${F}:280`],
    },
    {
      name: 'album picture',
      method: 'GET',
      path: '/getImageUrl',
      query: { id: ALBUM_MID },
      reads: ['response.data.imageUrl'],
      where: [`${F}:290`],
    },
    {
      name: 'lyric',
      method: 'GET',
      path: '/getLyric',
      query: { songmid: SONG_MID },
      reads: ['response.lyric'],
      where: [`${F}:293`],
    },
  ],
};
