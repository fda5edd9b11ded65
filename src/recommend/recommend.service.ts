import { HttpStatus, Injectable } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { envelope, type Envelope, Shaped } from '../common/shaped';
import { MusicClient } from '../upstream/clients/music.client';
import { PlaylistsClient } from '../upstream/clients/playlists.client';
import { GUESS_YOU_LIKE_RADIO_ID, RecommendClient, type DailyCard, type KeyOutcome } from '../upstream/clients/recommend.client';
import { businessError, UpstreamError } from '../upstream/upstream.errors';
import { requireLoginCookie, throwIfLoginCode } from '../user/user-login';
import { DEFAULT_RADIO_NUM, SongRelatedMvsQuery, SongRelatedPlaylistsQuery } from './dto/recommend.dto';
import type { DailySongs, RadioTracks, RelatedMvs, RelatedPlaylists, SimilarSongs } from './recommend.answers';
import { mapDailySongs, mapRadioTracks, mapRelatedMvs, mapRelatedPlaylists, mapSimilarSongs } from './recommend.mapper';

/** Songs read of the daily playlist (每日30首 holds 30). */
export const DAILY_SONGS_NUM = 30;

export const NO_DAILY_MESSAGE =
  'QQ Music shows no daily playlist (每日30首) for this account: neither the home feed nor the web page has its card. ' +
  'It is shown to a logged-in account only; log in again if the cookie is old';

/**
 * Personal recommendations and a song's relations (docs/recommend.md). The personal routes need a login cookie (the
 * caller's, else the stored login) and read upstream's login codes as LOGIN_EXPIRED, as the user routes do.
 */
@Injectable()
export class RecommendService {
  constructor(
    private readonly recommend: RecommendClient,
    private readonly playlists: PlaylistsClient,
    private readonly music: MusicClient,
  ) {}

  /** The day's playlist card alone (the Koa fork's /getDailyPlaylist). */
  async dailyCard(): Promise<{ cookie: string; card: DailyCard }> {
    const cookie = requireLoginCookie(this.recommend.effectiveCookie());
    const outcome = await this.asAccount(cookie, () => this.recommend.dailyCard());
    if (outcome.loginCode !== undefined) throwIfLoginCode(outcome.loginCode, cookie);
    if (!outcome.card) throw new GatewayError(HttpStatus.NOT_FOUND, 'DAILY_SONGS_NOT_FOUND', NO_DAILY_MESSAGE);
    return { cookie, card: outcome.card };
  }

  /**
   * The daily songs: the card's playlist read like any playlist. Legacy `raw`: `recommend` = the feed's key (or the
   * card, when the web page gave it) and `dailyPlaylist` = the playlist call's answer (docs/legacy.md).
   */
  async getDailySongs(): Promise<Shaped<Envelope<DailySongs>>> {
    const { cookie, card } = await this.dailyCard();
    const detail = await this.asAccount(cookie, () => this.playlists.detail(card.id, 0, DAILY_SONGS_NUM));
    const daily = mapDailySongs(detail.source === 'musicu' ? { dissInfo: detail.dissInfo } : { cdlist: detail.cdlist }, card);
    if (!daily) throw new GatewayError(HttpStatus.NOT_FOUND, 'DAILY_SONGS_NOT_FOUND', NO_DAILY_MESSAGE);
    const recommend = card.source === 'feed' ? (card.raw as Record<string, any>).recommend : { code: 0, data: { id: card.id, title: card.title, cover: card.cover } };
    return envelope(daily, { code: 0, recommend, dailyPlaylist: detail.raw });
  }

  /** Guess you like (station 99): the account's next tracks. Never cached: each call gives the next ones. */
  async getPersonalRadio(num = DEFAULT_RADIO_NUM): Promise<Shaped<Envelope<RadioTracks>>> {
    const cookie = requireLoginCookie(this.recommend.effectiveCookie());
    const outcome = await this.asAccount(cookie, () => this.recommend.guessYouLike(num));
    return envelope<RadioTracks>({ tracks: mapRadioTracks(this.keyData(outcome, cookie)) }, outcome.raw);
  }

  /** A station's tracks; station 99 is guess you like (login needed), any other is the same for everyone. */
  async getRadioTracks(id: number, num = DEFAULT_RADIO_NUM): Promise<Shaped<Envelope<RadioTracks>>> {
    if (id === GUESS_YOU_LIKE_RADIO_ID) return this.getPersonalRadio(num);
    const { raw, data } = await this.recommend.stationTracks(id, num);
    return envelope<RadioTracks>({ tracks: mapRadioTracks(data) }, raw);
  }

  async getSimilarSongs(songmid: string): Promise<Shaped<Envelope<SimilarSongs>>> {
    return this.similarById(await this.songIdOf(songmid));
  }

  async similarById(songid: number): Promise<Shaped<Envelope<SimilarSongs>>> {
    const { raw, data } = await this.recommend.similarSongs(songid);
    return envelope<SimilarSongs>({ songs: mapSimilarSongs(data) }, raw);
  }

  async getSongRelatedPlaylists({ songmid, shown }: SongRelatedPlaylistsQuery): Promise<Shaped<Envelope<RelatedPlaylists>>> {
    const ids = shown ? [...new Set(shown.split(',').map(Number))] : [];
    return this.relatedPlaylistsById(await this.songIdOf(songmid), ids);
  }

  async relatedPlaylistsById(songid: number, shown: number[]): Promise<Shaped<Envelope<RelatedPlaylists>>> {
    const { raw, data } = await this.recommend.relatedPlaylists(songid, shown);
    return envelope(mapRelatedPlaylists(data), raw);
  }

  async getSongRelatedMvs({ songmid, lastMvid }: SongRelatedMvsQuery): Promise<Shaped<Envelope<RelatedMvs>>> {
    return this.relatedMvsById(await this.songIdOf(songmid), lastMvid ?? 0);
  }

  async relatedMvsById(songid: number, lastMvid: number, num?: number): Promise<Shaped<Envelope<RelatedMvs>>> {
    const { raw, data } = await this.recommend.relatedMvs(songid, lastMvid, num);
    return envelope(mapRelatedMvs(data), raw);
  }

  /** The relation calls take the numeric song id: the song detail resolves the MID (404 SONG_NOT_FOUND when unknown). */
  private async songIdOf(songmid: string): Promise<number> {
    const { songinfo } = await this.music.songDetail({ mid: songmid });
    const id = Number(songinfo.track_info?.id ?? 0);
    if (!Number.isSafeInteger(id) || id <= 0) throw new GatewayError(HttpStatus.NOT_FOUND, 'SONG_NOT_FOUND', `No song found for songmid ${songmid}`);
    return id;
  }

  /** A personal key's data: login codes → 401 LOGIN_EXPIRED; another code → the usual upstream error. */
  private keyData(outcome: KeyOutcome, cookie: string): any {
    if (outcome.code === 0) return outcome.data;
    throwIfLoginCode(outcome.code, cookie);
    throw businessError(outcome.code, outcome.target);
  }

  /** Runs an account's calls: an envelope-wide login code is LOGIN_EXPIRED too (docs/recommend.md "Whose account"). */
  private async asAccount<T>(cookie: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === 'business') throwIfLoginCode(err.details.upstreamCode ?? 0, cookie);
      throw err;
    }
  }
}
