import { Injectable, Logger } from '@nestjs/common';
import { LOGIN_CODES } from '../../common/upstream-codes';
import type { MusicuCall } from '../upstream.types';
import { businessError, warrantsFallback } from '../upstream.errors';
import { UpstreamClient } from './upstream-client';

type Raw = Record<string, any>;

/** The guess-you-like station (猜你喜欢): its tracks follow the account's taste, so a login is needed. */
export const GUESS_YOU_LIKE_RADIO_ID = 99;

/** The title of the home feed's daily-songs card (docs/upstream/recommend.md "Daily songs"). */
const DAILY_CARD_TITLE = '每日30首';
/** The web page's daily-songs card: `data-rid="<id>"`, then the card's name 今日私享 (docs/upstream/recommend.md "Daily songs"). */
const DAILY_PAGE_CARD = /data-rid="(\d+)"\s*\S+\s*今日私享/;
const DAILY_PAGE_COVER = /src="(\S+?)"\s+alt="今日私享/;

/**
 * One musicu key's outcome where the service reads the codes itself (login codes become LOGIN_EXPIRED):
 * `code` 0 with `data`, or the key's non-zero code. `raw` is the upstream body as received.
 */
export interface KeyOutcome {
  raw: Raw;
  code: number;
  data: any;
  target: string;
}

/** The daily playlist's card: its id, title and cover, and which call found it (`raw` its answer). */
export interface DailyCard {
  id: string;
  title: string;
  cover: string;
  source: 'feed' | 'page';
  raw: unknown;
}

/** The daily playlist's card, or the login code the feed answered, or nothing found (`card` null). */
export type DailyCardOutcome = { card: DailyCard | null; loginCode?: undefined; raw: unknown } | { card: null; loginCode: number; raw: unknown };

/** An answer whose key names what the older Koa services called it (`similarSong`, `gedan`, `video`…). */
export interface KeyedAnswer {
  raw: Raw;
  data: any;
  /** The `module.method` that answered (a fallback names its own). */
  target: string;
}

const call = (module: string, method: string, param: Record<string, unknown>): MusicuCall => ({ module, method, param });
const targetOf = (c: MusicuCall) => `${c.module}.${c.method}`;

/**
 * QQ Music's personal recommendations and a song's relations (docs/upstream/recommend.md). The personal calls carry
 * the request's cookie (the caller's, else the stored login's) and hand their key's code back to the service.
 */
@Injectable()
export class RecommendClient extends UpstreamClient {
  private readonly logger = new Logger(RecommendClient.name);

  /**
   * The daily playlist's card. docs/upstream/recommend.md "Daily songs": the home feed's 每日30首 card; when the feed
   * fails (a business code that warrants it) or shows no card with an id, the web page's 今日私享 card.
   */
  async dailyCard(): Promise<DailyCardOutcome> {
    const feed = await this.homeFeed().catch((err: unknown) => {
      if (!warrantsFallback(err)) throw err;
      this.logger.warn(`get_recommend_feed failed (${(err as Error).message}); trying the web page's daily card`);
      return undefined;
    });
    if (feed && feed.code !== 0) {
      if (LOGIN_CODES.has(feed.code)) return { card: null, loginCode: feed.code, raw: feed.raw };
      // A rate limit or device limit would refuse the page as well: only another code is worth the fallback.
      const err: Error = businessError(feed.code, feed.target);
      if (!warrantsFallback(err)) throw err;
      this.logger.warn(`get_recommend_feed answered code ${feed.code}; trying the web page's daily card`);
    }
    const card = feed?.code === 0 ? findDailyCard(feed.data) : undefined;
    if (card) return { card: { ...card, source: 'feed', raw: feed!.raw }, raw: feed!.raw };
    this.fellBack('music.recommend.RecommendFeed.get_recommend_feed');
    const page = await this.dailyPage();
    const found = pageCard(page);
    return { card: found ? { ...found, source: 'page', raw: page } : null, raw: feed?.raw ?? page };
  }

  /** docs/upstream/recommend.md "Daily songs": the home feed (first page), its key's code left to the caller. */
  async homeFeed(): Promise<KeyOutcome> {
    return this.keyOutcome('recommend', call('music.recommend.RecommendFeed', 'get_recommend_feed', { direction: 0, page: 1, s_num: 0, v_cache: [] }));
  }

  /** docs/upstream/recommend.md "Daily songs", its fallback: the web page carrying the 今日私享 card (HTML). */
  async dailyPage(): Promise<string> {
    const { raw } = await this.cgi<string>('/node/musicmac/v6/index.html', {}, { format: 'xml', referer: 'https://y.qq.com/', noRefererRetry: true });
    return raw;
  }

  /**
   * `num` tracks of the guess-you-like station. docs/upstream/recommend.md "Guess you like": MbTrackRadioSvr; on a
   * business code that warrants it, the older `mb_track_radio_svr` module. Key `fm`, as the older Koa services named it.
   */
  async guessYouLike(num: number): Promise<KeyOutcome> {
    const primary = call('music.radioProxy.MbTrackRadioSvr', 'get_radio_track', {
      id: GUESS_YOU_LIKE_RADIO_ID, num, from: 0, scene: 0, song_ids: [], ext: { bluetooth: '' }, should_count_down: 1,
    });
    const outcome = await this.keyOutcome('fm', primary);
    if (outcome.code === 0 || !warrantsFallback(businessError(outcome.code, outcome.target))) return outcome;
    this.fellBack(outcome.target);
    this.logger.warn(`${outcome.target} answered code ${outcome.code}; trying mb_track_radio_svr`);
    return this.keyOutcome('fm', call('mb_track_radio_svr', 'get_radio_track', { id: GUESS_YOU_LIKE_RADIO_ID, firstplay: 1, num }));
  }

  /**
   * `num` tracks of another station. docs/upstream/recommend.md "Station tracks": `pf.radiosvr` GetRadiosonglist; on
   * a business code that warrants it, MbTrackRadioSvr with the station's id.
   */
  async stationTracks(id: number, num: number): Promise<KeyedAnswer> {
    const primary = call('pf.radiosvr', 'GetRadiosonglist', { id, firstplay: 1, num });
    try {
      const res = await this.musicu({ radio: primary });
      return { raw: res.raw, data: res.data.radio, target: targetOf(primary) };
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.fellBack(targetOf(primary));
      this.logger.warn(`GetRadiosonglist failed for station ${id} (${err.message}); trying MbTrackRadioSvr`);
      const fallback = call('music.radioProxy.MbTrackRadioSvr', 'get_radio_track', { id, num, from: 0, scene: 0, song_ids: [] });
      const res = await this.musicu({ radio: fallback });
      return { raw: res.raw, data: res.data.radio, target: targetOf(fallback) };
    }
  }

  /**
   * Songs like `songid`. docs/upstream/recommend.md "Similar songs": TrackRelationServer GetSimilarSongs; on a
   * business code that warrants it, `rcmusic.similarSongRadioServer` get_simsongs.
   */
  similarSongs(songid: number): Promise<KeyedAnswer> {
    return this.withFallback(
      'similarSong',
      call('music.recommend.TrackRelationServer', 'GetSimilarSongs', { songid, songtype: 0 }),
      call('rcmusic.similarSongRadioServer', 'get_simsongs', { songid }),
    );
  }

  /**
   * Playlists holding `songid`; `shown` (ids already shown) asks for the next batch. docs/upstream/recommend.md
   * "Related playlists": GetRelatedPlaylist; on a business code that warrants it, `get_related_gedan`.
   */
  relatedPlaylists(songid: number, shown: number[]): Promise<KeyedAnswer> {
    return this.withFallback(
      'gedan',
      call('music.recommend.TrackRelationServer', 'GetRelatedPlaylist', { songid, songtype: 0, vecPlaylist: shown }),
      call('music.mb_gedan_recommend_svr', 'get_related_gedan', { sin: 0, last_id: shown[shown.length - 1] ?? 0, song_type: 1, song_id: songid }),
    );
  }

  /**
   * The older Koa services' own related-playlist call, as their `/getRelatedPlaylists` sends it (`sin`, `last_id`).
   * docs/upstream/recommend.md "Related playlists", its fallback.
   */
  async relatedGedan(songid: number, sin: number, lastId: number, songType: number): Promise<KeyedAnswer> {
    const gedan = call('music.mb_gedan_recommend_svr', 'get_related_gedan', { sin, last_id: lastId, song_type: songType, song_id: songid });
    const res = await this.musicu({ gedan });
    return { raw: res.raw, data: res.data.gedan, target: targetOf(gedan) };
  }

  /**
   * MVs related to `songid`, after the MV whose numeric id is `lastMvid` (0 = the first batch). docs/upstream/recommend.md
   * "Related MVs": `songid` must be a string and `songtype` 1, or upstream answers an empty list.
   */
  async relatedMvs(songid: number, lastMvid: number, num?: number): Promise<KeyedAnswer> {
    const video = call('MvService.MvInfoProServer', 'GetSongRelatedMv', { songid: String(songid), songtype: 1, lastmvid: lastMvid, ...(num ? { num } : {}) });
    const res = await this.musicu({ video });
    return { raw: res.raw, data: res.data.video, target: targetOf(video) };
  }

  /**
   * The recommended playlists feed, key `recomPlaylist` (docs/upstream/recommend.md "Recommended playlists (legacy
   * `/getPersonalRecommend?type=1`)").
   */
  async recommendedPlaylists(): Promise<KeyedAnswer> {
    const recomPlaylist = call('music.playlist.PlaylistSquare', 'GetRecommendFeed', { From: 0, Size: 20 });
    const res = await this.musicu({ recomPlaylist });
    return { raw: res.raw, data: res.data.recomPlaylist, target: targetOf(recomPlaylist) };
  }

  private async keyOutcome(key: string, c: MusicuCall): Promise<KeyOutcome> {
    const { raw, results } = await this.musicuPartial({ [key]: c });
    const result = results[key];
    return { raw, code: result.code, data: result.code === 0 ? result.data : null, target: targetOf(c) };
  }

  private async withFallback(key: string, primary: MusicuCall, fallback: MusicuCall): Promise<KeyedAnswer> {
    try {
      const res = await this.musicu({ [key]: primary });
      return { raw: res.raw, data: res.data[key], target: targetOf(primary) };
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.fellBack(targetOf(primary));
      this.logger.warn(`${targetOf(primary)} failed (${err.message}); trying ${targetOf(fallback)}`);
      const res = await this.musicu({ [key]: fallback });
      return { raw: res.raw, data: res.data[key], target: targetOf(fallback) };
    }
  }
}

/** The feed's 每日30首 card with a real id (an anonymous feed shows it with id 0): `v_shelf[].v_niche[].v_card[]`. */
export function findDailyCard(feed: Raw | null | undefined): { id: string; title: string; cover: string } | undefined {
  const list = (v: unknown): Raw[] => (Array.isArray(v) ? v.filter((x) => x && typeof x === 'object') : []);
  for (const shelf of list(feed?.v_shelf)) {
    for (const niche of list(shelf.v_niche)) {
      for (const card of list(niche.v_card)) {
        const id = String(card.id ?? '');
        if (String(card.title ?? '').trim() === DAILY_CARD_TITLE && /^[1-9]\d{0,19}$/.test(id)) {
          return { id, title: DAILY_CARD_TITLE, cover: typeof card.cover === 'string' ? card.cover : '' };
        }
      }
    }
  }
  return undefined;
}

/** The web page's 今日私享 card: its playlist id and cover. */
export function pageCard(html: string): { id: string; title: string; cover: string } | undefined {
  const id = DAILY_PAGE_CARD.exec(html)?.[1];
  if (!id) return undefined;
  return { id, title: '今日私享', cover: DAILY_PAGE_COVER.exec(html)?.[1] ?? '' };
}
