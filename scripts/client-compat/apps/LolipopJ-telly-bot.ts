import type { ClientApp } from '../types';
import { DISSTID, MV_VID, SONG_MID } from '../values';

const API = 'src/service/api/qq-music-api.js';
const CONN = 'src/service/qqMusic.js';
const BOT = 'src/service/bot.js';
const SONGS = 'response.cdlist[0].songlist[]';

/** Telegram bot (Node) whose /random_music command picks a song from one QQ playlist via Rain120/qq-music-api. */
export const app: ClientApp = {
  repo: 'LolipopJ/telly-bot',
  commit: '7feb23a7b436e76242ef013d906b03c67d449ca1',
  files: [API, CONN, BOT, 'src/assets/index.js', 'README.md'],
  summary: 'Telegram bot (Node); axios GET, query built from a JSON object, reads `res.data`; base URL http://127.0.0.1:3200',
  calls: [
    {
      name: 'getMusicList',
      method: 'GET',
      path: '/getSongListDetail',
      query: { disstid: DISSTID },
      reads: [
        `${SONGS}.name`,
        `${SONGS}.mid`,
        `${SONGS}.singer[].name`,
        `${SONGS}.album.name`,
        `${SONGS}.time_public`,
        `${SONGS}.mv.vid`,
      ],
      where: [`${API}:61`, `${BOT}:213`],
    },
    {
      name: 'getQQMusicPlayUrl',
      method: 'GET',
      path: '/getMusicPlay',
      query: { songmid: SONG_MID, justPlayUrl: 'play', quality: '128' },
      reads: [`data.playUrl.${SONG_MID}.url`],
      where: [`${API}:81`, `${BOT}:262`],
    },
    {
      name: 'getQQMusicMvUrl',
      method: 'GET',
      path: '/getMvPlay',
      query: { vid: MV_VID },
      reads: [
        // it keeps the files with fileSize > 0 and links each one's freeflow_url[0]
        `response.getMVUrl.data.${MV_VID}.mp4[].fileSize`,
        `response.getMVUrl.data.${MV_VID}.mp4[].freeflow_url`,
      ],
      where: [`${API}:109`, `${BOT}:239`],
    },
  ],
  notReplayed: [
    {
      path: 'GET /user/getCookie (connect test: expects data.code === 200)',
      reason: 'the bot checks the server holds a login by asking for the stored cookie; the gateway\'s /user/getCookie is admin-only (404 without ADMIN_TOKEN, 401 without the token) and never returns the cookie value (docs/legacy.md), so the bot\'s QQ commands stay off until this check is removed from it',
    },
  ],
};
