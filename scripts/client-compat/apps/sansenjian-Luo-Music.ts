import type { ClientApp } from '../types';

const API = 'src/api/qqmusic.ts';
const MODAL = 'src/components/QQLoginModal.vue';

/**
 * Electron + Vue player by the author of sansenjian/qq-music-api. Its catalogue calls go through the Electron main
 * process into the bundled service (no base URL to switch); the renderer's login calls are plain HTTP with axios.
 */
export const app: ClientApp = {
  repo: 'sansenjian/Luo-Music',
  commit: '3eb95870001d5611890f07b1aa7658fcbcd12ef0',
  files: [API, MODAL],
  summary: 'Electron + Vue 3 player; axios instance qqRequest (answers unwrapped to the body), base URL /qq-api',
  calls: [
    {
      name: 'getQQLoginQr',
      method: 'GET',
      path: '/user/getQQLoginQr',
      reads: ['img', 'ptqrtoken', 'qrsig'],
      where: [`${API}:513`, `${MODAL}:153`],
    },
    {
      name: 'checkQQLoginQr',
      method: 'POST',
      path: '/user/checkQQLoginQr',
      // axios.post(url, null, { params }): the tokens in the query string, no body
      query: { ptqrtoken: '$ptqrtoken', qrsig: '$qrsig' },
      body: null,
      setup: 'qq-login-confirmed',
      reads: ['isOk', 'session.cookie'],
      where: [`${API}:517`, `${MODAL}:210`],
    },
  ],
  notReplayed: [{
    path: 'GET /user/getCookie (reads data.cookie)',
    reason: 'the app checks it is logged in by reading the stored cookie back; the gateway\'s /user/getCookie is admin-only and never returns the cookie value (docs/legacy.md), so the app sees itself logged out',
  }],
};
