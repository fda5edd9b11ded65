import type { ClientApp } from '../types';
import { calls, NO_ALBUM_PIC, requests, TRACK_READS } from './h-haynes-shared';

const API = 'apis/qq.ts';
const LIST = 'components/QQList.vue';
const PLAY = 'hooks/usePlayInfo.ts';
const ALBUM = 'pages/album/album.vue';

/** The uni-app (WeChat mini program / Android) sibling of TIMP; same service, same prefix. */
export const app: ClientApp = {
  repo: 'H-Haynes/uni-TIMP',
  commit: '26885c75695d9c272886c351cfc10d26a14f6118',
  files: [API, 'promisify.ts', LIST, PLAY, ALBUM, 'pages/search/search.vue'],
  summary: 'uni-app (Vue 3) mini program; uni.request (reads `res.data`), base URL http://preferyou.cn/qq',
  calls: [
    {
      ...requests.getRecommendQQ,
      reads: [
        'response.code',
        'response.playlist.data.v_playlist[].title',
        'response.playlist.data.v_playlist[].cover_url_small',
        'response.playlist.data.v_playlist[].tid',
        'response.focus.data.content[].pic_info.url',
        'response.focus.data.content[].jump_info.url',
        'response.focus.data.content[].type',
      ],
      where: [`${API}:8`, `${LIST}:39`],
    },
    { ...calls.getCategoryListQQ, where: [`${API}:20`, `${LIST}:55`] },
    {
      ...requests.getRankListQQ,
      reads: ['response.code', 'response.data.topList[].topTitle', 'response.data.topList[].id', 'response.data.topList[].picUrl'],
      where: [`${API}:42`, `${LIST}:74`],
    },
    {
      ...requests.getAlbumListQQ,
      reads: ['response.code', 'response.data.list[].dissid', 'response.data.list[].dissname', 'response.data.list[].imgurl'],
      where: [`${API}:33`, `${LIST}:99`],
    },
    {
      ...requests.getAlbumDetailQQ,
      reads: [
        'response.code',
        'response.cdlist[0].dissname',
        'response.cdlist[0].desc',
        'response.cdlist[0].logo',
        'response.cdlist[0].ctime',
        'response.cdlist[0].headurl',
        'response.cdlist[0].nickname',
        ...TRACK_READS('response.cdlist[0].songlist[]'),
      ],
      unavailable: [NO_ALBUM_PIC.playlist],
      where: [`${API}:52`, `${ALBUM}:138`],
    },
    {
      ...requests.getRankDetailQQ,
      reads: [
        'response.code',
        'response.req_1.data.data.title',
        'response.req_1.data.data.titleShare',
        'response.req_1.data.data.frontPicUrl',
        'response.req_1.data.data.updateTime',
        'response.req_1.data.data.topAlbumURL',
        'response.req_1.data.data.AdShareContent',
        ...TRACK_READS('response.req_1.data.songInfoList[]'),
      ],
      unavailable: [NO_ALBUM_PIC.chart],
      where: [`${API}:63`, `${ALBUM}:315`],
    },
    { ...calls.getSongInfoQQ, where: [`${API}:79`, `${PLAY}:40`] },
    { ...calls.getSongPicQQ, where: [`${API}:85`, `${PLAY}:52`] },
    { ...calls.getSongUrlQQ, where: [`${API}:73`, `${PLAY}:98`] },
    { ...calls.getLyricQQ, where: [`${API}:90`, `${PLAY}:141`] },
    { ...calls.searchQQ, where: [`${API}:95`, 'pages/search/search.vue:77'] },
  ],
};
