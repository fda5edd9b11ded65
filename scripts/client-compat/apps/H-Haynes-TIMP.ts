import type { ClientApp } from '../types';
import { MV_VID } from '../values';
import { calls, NO_ALBUM_PIC, requests, TRACK_READS } from './h-haynes-shared';

const API = 'packages/renderer/src/api/qq.ts';
const ALBUM_VIEW = 'packages/renderer/src/views/album.vue';
const FIND_VIEW = 'packages/renderer/src/views/QQFind.vue';
const PLAYER = 'packages/renderer/src/layouts/audio-player.vue';

/** The Electron desktop player as it was in February 2022, when its QQ source was the Koa service. */
export const app: ClientApp = {
  repo: 'H-Haynes/TIMP',
  commit: 'a39451f48824b7ceafd9364004037cd7076352cd',
  files: [API, 'packages/renderer/src/api/http.ts', FIND_VIEW, ALBUM_VIEW, PLAYER,
    'packages/renderer/src/components/searchPanel.vue', 'packages/renderer/src/views/video/player.vue',
    'packages/renderer/src/views/radio.vue'],
  summary: 'Electron + Vue 3 player; axios (the whole response, reads `res.data`), base URL http://preferyou.cn with prefix /qq',
  calls: [
    {
      ...requests.getRecommendQQ,
      reads: [
        'response.code',
        'response.playlist.data.v_playlist[].title',
        'response.playlist.data.v_playlist[].cover_url_medium',
        'response.playlist.data.v_playlist[].tid',
        'response.focus.data.content[].pic_info.url',
        'response.focus.data.content[].jump_info.url',
        'response.focus.data.content[].type',
      ],
      where: [`${API}:5`, `${FIND_VIEW}:113`],
    },
    { ...calls.getCategoryListQQ, where: [`${API}:35`, `${FIND_VIEW}:147`] },
    {
      ...requests.getAlbumListQQ,
      reads: ['response.code', 'response.data.list[].dissname', 'response.data.list[].imgurl', 'response.data.list[].dissid'],
      where: [`${API}:41`, `${FIND_VIEW}:189`],
    },
    {
      ...requests.getRankListQQ,
      reads: ['response.code', 'response.data.topList[].id', 'response.data.topList[].topTitle', 'response.data.topList[].picUrl'],
      where: [`${API}:47`, `${FIND_VIEW}:205`],
    },
    {
      ...requests.getAlbumDetailQQ,
      reads: [
        'response.code',
        'response.cdlist[0].dissname',
        'response.cdlist[0].dissid',
        'response.cdlist[0].desc',
        'response.cdlist[0].visitnum',
        'response.cdlist[0].cmtnum',
        'response.cdlist[0].logo',
        'response.cdlist[0].ctime',
        'response.cdlist[0].headurl',
        'response.cdlist[0].nick',
        'response.cdlist[0].nickname',
        ...TRACK_READS('response.cdlist[0].songlist[]'),
      ],
      unavailable: [NO_ALBUM_PIC.playlist],
      where: [`${API}:10`, `${ALBUM_VIEW}:223`],
    },
    {
      ...requests.getRankDetailQQ,
      reads: [
        'response.code',
        'response.req_1.data.data.title',
        'response.req_1.data.data.topId',
        'response.req_1.data.data.titleShare',
        'response.req_1.data.data.listenNum',
        'response.req_1.data.data.frontPicUrl',
        'response.req_1.data.data.updateTime',
        'response.req_1.data.data.topAlbumURL',
        'response.req_1.data.data.AdShareContent',
        ...TRACK_READS('response.req_1.data.songInfoList[]'),
      ],
      unavailable: [NO_ALBUM_PIC.chart],
      where: [`${API}:53`, `${ALBUM_VIEW}:269`],
    },
    { ...calls.getSongInfoQQ, where: [`${API}:23`, `${PLAYER}:202`] },
    { ...calls.getSongPicQQ, where: [`${API}:29`, `${PLAYER}:214`] },
    { ...calls.getSongUrlQQ, where: [`${API}:17`, `${PLAYER}:261`] },
    { ...calls.getLyricQQ, where: [`${API}:84`, `${PLAYER}:301`] },
    { ...calls.searchQQ, where: [`${API}:59`, 'packages/renderer/src/components/searchPanel.vue:67'] },
    {
      name: 'getRadioListQQ',
      method: 'GET',
      path: '/getRadioLists',
      // the radio view only logs the answer
      reads: [],
      where: [`${API}:65`, 'packages/renderer/src/views/radio.vue:11'],
    },
    {
      name: 'getMvDataQQ',
      method: 'GET',
      path: '/getMvPlay',
      query: { vid: MV_VID },
      reads: [
        'response.code',
        `response.mvinfo.data.${MV_VID}.cover_pic`,
        `response.mvinfo.data.${MV_VID}.name`,
        `response.mvinfo.data.${MV_VID}.desc`,
        `response.mvinfo.data.${MV_VID}.pubdate`,
        `response.mvinfo.data.${MV_VID}.playcnt`,
        `response.mvinfo.data.${MV_VID}.singers[].name`,
        `response.mvinfo.data.${MV_VID}.singers[].mid`,
        `response.mvinfo.data.${MV_VID}.singers[].picurl`,
        `response.getMVUrl.data.${MV_VID}.mp4[].freeflow_url`,
        'response.other.data.list[].name',
        'response.other.data.list[].cover_pic',
        'response.other.data.list[].duration',
        'response.other.data.list[].vid',
        'response.other.data.list[].playcnt',
      ],
      where: [`${API}:78`, 'packages/renderer/src/views/video/player.vue:115'],
    },
  ],
};
