import { Injectable } from '@nestjs/common';
import { ChartsClient } from '../clients/charts.client';
import { CommentsClient } from '../clients/comments.client';
import { MusicClient } from '../clients/music.client';
import { MvClient } from '../clients/mv.client';
import { PlaylistsClient } from '../clients/playlists.client';
import { QqLoginClient } from '../clients/qq-login.client';
import { SearchClient } from '../clients/search.client';
import { SingersClient } from '../clients/singers.client';
import { ClientIdentity } from '../identity/client-identity.service';
import type { CanaryArea } from '../shape/area-reads';

/**
 * What the canary asks of each area (docs/operations.md "Upstream canary"): one page of one item where the call is
 * paged, and ids that have answered for years. The play-URL song is the one of the genuine vkey answer the upstream
 * notes keep (anonymous, purl filled): a free song, so an anonymous probe has a URL to get.
 */
export const CANARY_PROBE_ARGS = {
  /** 飙升榜, a daily chart whose answer carries songInfoList (the MIDs). */
  chartTopId: 62,
  searchKey: '周杰伦',
  /** 晴天 (Jay Chou): song detail and lyric. */
  songMid: '0039MnYb0qxYhV',
  /** 晴天's numeric id: its comments. */
  songId: '97773',
  /** A free song and its m4a file (prefix C400 + media mid). */
  freeSongMid: '002wit7s1Tvdlg',
  freeSongFile: 'C400000RMeN92LDUm0.m4a',
  /** Jay Chou. */
  singerMid: '0025NhlN2yWrP4',
  playlistId: '7024415872',
  mvVid: 'l0031ejo935',
} as const;

/** One area's probe: the client method it calls (as AREA_READS names it) and the call itself. */
export interface CanaryProbe {
  call: string;
  run: () => Promise<unknown>;
}

/** The probes by area, over the per-area clients only (never a module name here). */
@Injectable()
export class CanaryProbes {
  readonly byArea: Record<CanaryArea, CanaryProbe>;

  constructor(
    charts: ChartsClient,
    search: SearchClient,
    music: MusicClient,
    singers: SingersClient,
    playlists: PlaylistsClient,
    comments: CommentsClient,
    mv: MvClient,
    qqLogin: QqLoginClient,
    identity: ClientIdentity,
  ) {
    const a = CANARY_PROBE_ARGS;
    this.byArea = {
      charts: { call: 'ChartsClient.detail', run: () => charts.detail(a.chartTopId, 0, 1) },
      search: { call: 'SearchClient.search', run: () => search.search({ key: a.searchKey, type: 'song', pageNum: 1, perPage: 10 }) },
      song: { call: 'MusicClient.songDetail', run: () => music.songDetail({ mid: a.songMid }) },
      lyric: { call: 'MusicClient.lyric', run: () => music.lyric(a.songMid) },
      playUrl: { call: 'MusicClient.vkeys', run: () => music.vkeys([a.freeSongFile], [a.freeSongMid]) },
      singer: { call: 'SingersClient.hotSongs', run: () => singers.hotSongs(a.singerMid, 0, 1) },
      playlist: { call: 'PlaylistsClient.detail', run: () => playlists.detail(a.playlistId, 0, 1) },
      comments: {
        call: 'CommentsClient.page',
        run: () => comments.page({ id: a.songId, cursor: '', pageSize: 1, pageNum: 0, reqtype: 2, biztype: 1 }),
      },
      mv: { call: 'MvClient.playUrls', run: () => mv.playUrls(a.mvVid) },
      login: { call: 'QqLoginClient.qrImage', run: () => qqLogin.qrImage() },
      identity: { call: 'ClientIdentity.check', run: () => identity.check() },
    };
  }
}
