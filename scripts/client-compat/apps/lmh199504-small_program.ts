import type { ClientApp } from '../types';
import { DISSTID, MV_VID, SINGER_MID, SONG_MID } from '../values';

const API = 'api/index.js';
const STORE = 'store.js';
const SEARCH = 'components/search/search.js';
const VIDEO = 'pages/playVideo/playVideo.js';
const NEW_SONG = 'response.new_song.data.songlist[]';
const MV = `response.getMVUrl.data.${MV_VID}.mp4[]`;

/**
 * WeChat mini program (QQ Music look-alike, 2022). Most calls are Rain120/qq-music-api routes; a few go to routes the
 * author's own server added, listed under notReplayed.
 */
export const app: ClientApp = {
  repo: 'lmh199504/small_program',
  commit: 'c1d86135cf2171ca142fd82bbcd195628c77b942',
  files: [API, 'api/request.js', STORE, 'utils/Song.js', 'pages/index/index.js', 'pages/index/index.wxml',
    'pages/paihang/paihang.wxml', 'pages/classDetail/classDetail.js', 'pages/classDetail/classDetail.wxml',
    'components/friend/friend.js', 'components/friend/friend.wxml', SEARCH, 'components/search/search.wxml',
    'components/videocom/videocom.js', 'components/videocom/videocom.wxml', VIDEO, 'pages/zhibo/zhibo.js',
    'pages/zhibo/zhibo.wxml', 'pages/diantai/daintai.js', 'pages/diantai/daintai.wxml',
    'pages/singerDetail/singerDetail.js', 'pages/singerDetail/singerDetail.wxml'],
  summary: 'WeChat mini program; wx.request GET with the params object as query (reads `res.data`), base URL http://localhost:3200',
  calls: [
    {
      name: 'getRecommend',
      method: 'GET',
      path: '/getRecommend',
      reads: [
        'response.focus.data.content[].pic_info.url',
        `${NEW_SONG}.mid`,
        `${NEW_SONG}.title`,
        `${NEW_SONG}.singer[0].name`,
        `${NEW_SONG}.interval`,
        `${NEW_SONG}.album.mid`,
        `${NEW_SONG}.album.name`,
        'response.toplist.data.group[].toplist[].frontPicUrl',
        // each row's rank, title and singerName are shown; the fake's GetAll answers no rows, so only the list is checked
        'response.toplist.data.group[].toplist[].song',
      ],
      where: [`${API}:2`, 'pages/index/index.js:48', 'utils/Song.js:2', 'pages/paihang/paihang.wxml:4'],
    },
    {
      name: 'getSongListDetail',
      method: 'GET',
      path: '/getSongListDetail',
      query: { disstid: DISSTID },
      reads: [
        'response.cdlist[0].headurl',
        'response.cdlist[0].desc',
        'response.cdlist[0].dissname',
        'response.cdlist[0].nickname',
        'response.cdlist[0].songlist[].album.mid',
        'response.cdlist[0].songlist[].title',
        'response.cdlist[0].songlist[].singer[0].name',
      ],
      where: [`${API}:5`, 'pages/classDetail/classDetail.js:23', 'pages/classDetail/classDetail.wxml:5'],
    },
    {
      name: 'getSingerList',
      method: 'GET',
      path: '/getSingerList',
      query: { area: '-100', sex: '-100', genre: '-100', index: '-100', sin: '0', page: '1' },
      reads: [
        'response.singerList.data.singerlist[].singer_mid',
        'response.singerList.data.singerlist[].singer_name',
        'response.singerList.data.singerlist[].singer_pic',
      ],
      where: [`${API}:8`, 'components/friend/friend.js:39', 'components/friend/friend.wxml:5'],
    },
    {
      name: 'getSingerDesc',
      method: 'GET',
      path: '/getSingerDesc',
      query: { singermid: SINGER_MID },
      // the XML text, parsed for <desc> and <basic>
      reads: ['response'],
      where: [`${API}:9`, 'pages/singerDetail/singerDetail.js:51'],
    },
    {
      name: 'getSingerStarNum',
      method: 'GET',
      path: '/getSingerStarNum',
      query: { singermid: SINGER_MID },
      reads: ['response.num'],
      where: [`${API}:10`, 'pages/singerDetail/singerDetail.js:74'],
    },
    {
      name: 'getSingerMV',
      method: 'GET',
      path: '/getSingerMV',
      query: { singermid: SINGER_MID },
      reads: ['response.data.list[].pic', 'response.data.list[].title'],
      where: [`${API}:13`, 'pages/singerDetail/singerDetail.js:98', 'pages/singerDetail/singerDetail.wxml:51'],
    },
    {
      name: 'getSmartbox',
      method: 'GET',
      path: '/getSmartbox',
      query: { key: '周杰伦' },
      // The app also reads response.data.mv.itemlist. The fake's smartbox (no recording) leaves out sections without
      // matches and has no MV of this singer, so that read is left out rather than failing on the fake.
      reads: [
        'response.data.album.itemlist',
        'response.data.song.itemlist[].name',
        'response.data.song.itemlist[].singer',
        'response.data.singer.itemlist[].mid',
        'response.data.singer.itemlist[].name',
        'response.data.singer.itemlist[].pic',
      ],
      where: [`${API}:14`, `${SEARCH}:37`, 'components/search/search.wxml:11'],
    },
    {
      name: 'getHotkey',
      method: 'GET',
      path: '/getHotkey',
      reads: ['response.data.hotkey[].k', 'response.data.hotkey[].n'],
      where: [`${API}:15`, `${SEARCH}:49`],
    },
    {
      name: 'getMV (video tab)',
      method: 'GET',
      path: '/getMV',
      query: { area_id: '15', version_id: '7', page: '1', order: '1' },
      reads: [
        'response.mv_list.data.list[].picurl',
        'response.mv_list.data.list[].title',
        'response.mv_list.data.list[].singers[0].name',
      ],
      where: [`${API}:16`, 'components/videocom/videocom.js:34', 'components/videocom/videocom.wxml:4'],
    },
    {
      name: 'getMV (video player)',
      method: 'GET',
      path: '/getMV',
      reads: ['response.mv_list.data.list[].vid'],
      where: [`${API}:16`, `${VIDEO}:78`],
    },
    {
      name: 'reqGetMvPlay',
      method: 'GET',
      path: '/getMvPlay',
      query: { vid: MV_VID },
      // it plays the last file's last freeflow_url
      reads: [`${MV}.freeflow_url`],
      where: [`${API}:23`, `${VIDEO}:86`],
    },
    {
      name: 'getDigitalAlbumLists',
      method: 'GET',
      path: '/getDigitalAlbumLists',
      reads: [
        'response.data.banner[].picurl',
        'response.data.content[].title || response.data.content[].type',
        'response.data.content[].albumlist[].album_mid',
        'response.data.content[].albumlist[].album_name',
        'response.data.content[].albumlist[].price',
      ],
      where: [`${API}:17`, 'pages/zhibo/zhibo.js:60', 'pages/zhibo/zhibo.wxml:4'],
    },
    {
      name: 'getRadioLists',
      method: 'GET',
      path: '/getRadioLists',
      reads: [
        'response.data.data.groupList[].name',
        'response.data.data.groupList[].radioList[].radioId',
        'response.data.data.groupList[].radioList[].radioImg',
        'response.data.data.groupList[].radioList[].radioName',
        'response.data.data.groupList[].radioList[].listenNum',
      ],
      where: [`${API}:7`, 'pages/diantai/daintai.js:25', 'pages/diantai/daintai.wxml:4'],
    },
    {
      name: 'getMusicVKey',
      method: 'GET',
      path: '/getMusicVKey',
      query: { songmid: SONG_MID },
      reads: ['response.req_0.data.midurlinfo[0].vkey', 'response.playLists[0]'],
      where: [`${API}:18`, `${STORE}:89`],
    },
    {
      name: 'reqGetLyric',
      method: 'GET',
      path: '/getLyric',
      query: { songmid: SONG_MID },
      reads: ['response.lyric'],
      where: [`${API}:21`, `${STORE}:173`],
    },
  ],
  notReplayed: [
    {
      path: 'GET /getHomeClassifid, /getHomeNewSong, /getRadioSong, /getSingerAblumList',
      reason: 'routes neither Koa service had: the author\'s own server added them (answers read as data.…)',
    },
    {
      path: 'GET /getSingerHotsong?singermid=… (reads data.singerSongList.data.songList[].songInfo)',
      reason: 'reads a data.singerSongList body the author\'s server answered; the Koa services answer response.singer.data.songlist',
    },
  ],
};
