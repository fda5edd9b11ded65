import type { ClientApp } from '../types';
import { SONG_MID } from '../values';

const CLIENT = 'app/src/main/java/com/example/kulv/api/ApiClient.kt';
const REPO = 'app/src/main/java/com/example/kulv/respository/AlbumRepository.kt';

/**
 * Android (Kotlin) player from May 2020. Its charts and banner come straight from QQ's CGIs; only the play URL
 * comes from the Koa service, through Rain120/qq-music-api's older `/getMusicVKey` route.
 */
export const app: ClientApp = {
  repo: 'ws4715535/DPlayer',
  commit: 'bbb718aefbb0b839fcd0c8129c210b1f4b6b4731',
  files: [CLIENT, REPO, 'app/src/main/java/com/example/kulv/model/MusicVkey.kt',
    'app/src/main/java/com/example/kulv/presenter/AlbumPresenter.kt'],
  summary: 'Android app (Kotlin); OkHttp GET, Gson maps the body; base URL http://192.168.50.100:3200',
  calls: [
    {
      name: 'getSongUrl',
      method: 'GET',
      path: '/getMusicVKey',
      query: { songmid: SONG_MID },
      // the app plays playLists[0] (an empty list means no URL)
      reads: ['response.playLists[0]'],
      where: [`${CLIENT}:9`, `${REPO}:39`],
    },
  ],
  notReplayed: [{
    path: 'GET /getSingerDesc?singermid=… (ApiClient.getSinger)',
    reason: 'declared in ApiClient.kt but never called at the recorded commit',
  }],
};
