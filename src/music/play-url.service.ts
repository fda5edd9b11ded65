import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { LRUCache } from 'lru-cache';
import { boundedLru } from '../common/bounded-lru';
import { GatewayError } from '../common/http-error';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { envelope, type Envelope, type Shaped } from '../common/shaped';
import { MusicClient, type SongDetail, type VkeyBatch } from '../upstream/clients/music.client';
import { RequestAbortedError } from '../common/upstream-failures';
import { batchFailure } from './batch-failure';
import { DownloadMainMusicQuery, GetMusicPlayBatchBody, GetMusicPlayQuery } from './dto/music-play.dto';
import type { BatchPlayAnswer, BatchPlayFailed, DownloadAnswer, MusicPlayAnswer, PlayList, PlayListFailure, PlayUrl } from './music.answers';
import { mapTrack } from './music.mapper';
import {
  buildFilename,
  candidatesFor,
  isEncryptedEntry,
  joinUrl,
  pickStreamHost,
  type Quality,
  type QualityChoice,
  QUALITIES,
  QUALITY_NAMES,
  sizesOf,
  TRIAL_LABEL,
  type TrialFile,
  trialOf,
} from './play-url';

/** What a play URL needs of a song's detail: its media MID and the size of each quality (0 = not available). */
interface SongFiles {
  mid: string;
  mediaMid: string | undefined;
  sizes: Record<Quality, number>;
  /** The song's trial clip, asked when the full file gets no URL; undefined when it has none. */
  trial?: TrialFile;
}

/** One song's play URL, or why it has none. */
export type PlayResult = PlayFound | PlayFailure;

type PlayFound = { songmid: string } & DownloadAnswer;

/** Why a song has no URL: the error a single MID answers, and (for a song-level reason) its code as a list entry carries it. */
interface PlayFailure {
  songmid: string;
  /** Undefined when the failure is upstream's (timeout, business code…), not the song's. */
  errorCode: PlayListFailure['errorCode'] | undefined;
  error: Error;
  available: Quality[];
}

/** How long a song's files are kept (SONG_FILES_KEPT): they change rarely, and an entry is a few numbers. */
const KNOWN_FOR_MS = 60 * 60_000;

const isFailure = (r: PlayResult): r is PlayFailure => 'error' in r && r.error instanceof Error;

/** Play and download URLs: the vkey flow of docs/upstream/music.md "Play URL". */
@Injectable()
export class PlayUrlService {
  /** Songs whose detail was read lately: a play URL for one of them costs one upstream call (the key). */
  private readonly known: LRUCache<string, SongFiles> | undefined;

  constructor(
    private readonly music: MusicClient,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.known = config.songFilesKept > 0 ? boundedLru(config.songFilesKept, { ttl: KNOWN_FOR_MS }) : undefined;
  }

  /** GET /getMusicPlay: `{ url, size, quality, available }` for one MID; `{ list: [...] }` for a comma-separated list. */
  async getMusicPlay(query: GetMusicPlayQuery): Promise<Shaped<Envelope<MusicPlayAnswer>>> {
    const mids = query.songmid.split(',');
    const { results, raw } = await this.resolve(mids, query.quality ?? '128');
    // An upstream failure fails the whole request, as it did before per-song results existed.
    const upstream = results.find((r) => isFailure(r) && !r.errorCode);
    if (upstream) throw (upstream as PlayFailure).error;
    if (mids.length > 1) {
      const list: PlayList['list'] = results.map((r) =>
        isFailure(r)
          ? { songmid: r.songmid, url: '', error: r.error.message, errorCode: r.errorCode!, available: r.available }
          : { songmid: r.songmid, ...playFieldsOf(r) },
      );
      return envelope({ list }, raw);
    }
    const only = results[0];
    if (isFailure(only)) throw only.error;
    return envelope(playFieldsOf(only), raw);
  }

  /** GET /downloadMainMusic: `{ url, size, quality, available, filename }`, the same flow plus the file name to save as. */
  async downloadMainMusic(query: DownloadMainMusicQuery): Promise<Shaped<Envelope<DownloadAnswer>>> {
    const { results, raw } = await this.resolve([query.songmid], query.quality ?? '128');
    const only = results[0];
    if (isFailure(only)) throw only.error;
    return envelope({ ...playFieldsOf(only), filename: only.filename }, raw);
  }

  /**
   * POST /getMusicPlayBatch: every MID's URL from one upstream request (several when the keys exceed one vkey call);
   * a song without a URL, or whose lookup failed, becomes `{ ok: false, error, errorCode }` and the others are kept.
   */
  async getMusicPlayBatch(body: GetMusicPlayBatchBody): Promise<Shaped<Envelope<BatchPlayAnswer>>> {
    const mids = body.songmids.map((mid) => mid.trim());
    let outcome: { results: PlayResult[]; raw: unknown };
    try {
      outcome = await this.resolve(mids, body.quality ?? '128');
    } catch (err) {
      // The whole request failed (timeout, reset, bad envelope…): every song carries that error, as each would alone.
      if (err instanceof RequestAbortedError) throw err;
      outcome = { results: mids.map((songmid) => ({ songmid, errorCode: undefined, error: err as Error, available: [] })), raw: null };
    }
    const data = outcome.results.map((r): BatchPlayAnswer[number] =>
      isFailure(r) ? { songmid: r.songmid, ok: false as const, ...describeFailure(r) } : { ...r, ok: true as const },
    );
    return envelope(data, outcome.raw);
  }

  /**
   * Each MID's file for `choice`. Songs not known yet have their detail asked in the same request as the keys, with
   * file names built from their MID (for `best`, the detail first: the levels to try come from it); a song whose media
   * MID differs gets its keys in a second call. `best` asks every level the song has in that one key call and keeps
   * the best that got a URL. 404 SONG_NOT_FOUND / QUALITY_UNAVAILABLE, 403 NO_PLAY_URL / ENCRYPTED_ONLY per song.
   */
  private async resolve(mids: string[], choice: QualityChoice): Promise<{ results: PlayResult[]; raw: unknown }> {
    const distinct = [...new Set(mids)];
    const files = new Map<string, SongFiles | Error | null>(distinct.map((mid) => [mid, this.known?.get(mid) ?? null]));
    const unknown = distinct.filter((mid) => !files.get(mid));
    let keys: VkeyBatch | undefined;
    let details: (SongDetail | Error)[] = [];
    if (unknown.length) {
      if (choice === 'best') {
        details = await this.music.songDetails(unknown.map((mid) => ({ mid })));
      } else {
        const guessed = distinct.map((mid) => {
          const known = files.get(mid);
          return buildFilename(choice, mid, known instanceof Error ? mid : (known?.mediaMid ?? mid));
        });
        ({ details, vkeys: keys } = await this.music.songsWithVkeys(unknown, guessed, distinct));
      }
      unknown.forEach((mid, i) => files.set(mid, this.remember(mid, details[i])));
    }
    const wanted = new Map(distinct.map((mid) => [mid, filesWanted(files.get(mid), choice)]));
    const asked = [...wanted].flatMap(([, list]) => list).filter((file) => !keys?.byFilename.has(file.filename));
    if (!keys || asked.length) {
      const second = asked.length ? await this.music.vkeys(asked.map((f) => f.filename), asked.map((f) => f.songmid)) : undefined;
      keys = mergeBatches(keys, second);
    }
    const bySong = new Map(distinct.map((mid) => [mid, fileOf(mid, choice, files.get(mid) ?? null, wanted.get(mid)!, keys)]));
    await this.offerTrials(bySong, files);
    const results = mids.map((mid) => bySong.get(mid)!);
    const firstDetail = details.find((d): d is SongDetail => !(d instanceof Error));
    return { results, raw: { songinfo: firstDetail?.raw, vkey: keys?.raw } };
  }

  /**
   * Songs whose full file got no URL (NO_PLAY_URL) but that have a trial clip: their trial files in one more key call,
   * each served (`trial: true`) when upstream gave it a plain path; otherwise the song keeps its NO_PLAY_URL.
   */
  private async offerTrials(bySong: Map<string, PlayResult>, files: Map<string, SongFiles | Error | null>): Promise<void> {
    const trials = [...bySong].flatMap(([mid, result]) => {
      const song = files.get(mid);
      const noUrl = isFailure(result) && result.errorCode === 'NO_PLAY_URL';
      return noUrl && song && !(song instanceof Error) && song.trial ? [{ mid, song, trial: song.trial }] : [];
    });
    if (!trials.length) return;
    const keys = await this.music.vkeys(trials.map((t) => t.trial.filename), trials.map((t) => t.song.mid));
    for (const { mid, song, trial } of trials) {
      const entry = keys.byFilename.get(trial.filename) ?? keys.nameless.find((e) => e.songmid === song.mid);
      const path = isEncryptedEntry(entry) ? '' : String(entry?.purl || entry?.wifiurl || '');
      if (!path) continue;
      const url = joinUrl(pickStreamHost(keys.sip), path);
      bySong.set(mid, { songmid: mid, url, size: trial.size, quality: TRIAL_LABEL, available: availableOf(song), filename: trial.filename, trial: true, trialSeconds: trial.seconds });
    }
  }

  /** The files of a song from its detail (null when upstream knows no such song, the Error when its lookup failed), kept for next time. */
  private remember(mid: string, detail: SongDetail | Error | undefined): SongFiles | Error | null {
    if (detail instanceof Error) return detail;
    const track = detail?.songinfo?.track_info;
    const summary = mapTrack(track);
    if (!summary) return null;
    const files: SongFiles = { mid: summary.mid, mediaMid: summary.mediaMid, sizes: sizesOf(track.file), trial: trialOf(track) };
    this.known?.set(mid, files);
    return files;
  }
}

interface WantedFile {
  quality: Quality;
  filename: string;
  songmid: string;
}

/** The files to ask keys for, best first: the one level asked, or every level the song has for `best`. */
function filesWanted(song: SongFiles | Error | null | undefined, choice: QualityChoice): WantedFile[] {
  if (!song || song instanceof Error) return [];
  return candidatesFor(choice, song.sizes).map((quality) => ({ quality, filename: buildFilename(quality, song.mid, song.mediaMid), songmid: song.mid }));
}

/** A found file's answer fields: the URL, its size, label and the song's levels, plus `trial`/`trialSeconds` for a trial clip. */
function playFieldsOf(found: PlayFound): PlayUrl {
  const { url, size, quality, available, trial, trialSeconds } = found;
  return { url, size, quality, available, ...(trial ? { trial, trialSeconds } : {}) };
}

const availableOf = (song: SongFiles): Quality[] => QUALITY_NAMES.filter((q) => song.sizes[q] > 0);

function fileOf(mid: string, choice: QualityChoice, song: SongFiles | Error | null, wanted: WantedFile[], keys: VkeyBatch | undefined): PlayResult {
  if (song instanceof Error) return { songmid: mid, errorCode: undefined, error: song, available: [] };
  if (!song) return failure(mid, [], HttpStatus.NOT_FOUND, 'SONG_NOT_FOUND', `No song found for songmid ${mid}`);
  const available = availableOf(song);
  if (!wanted.length) {
    const message = `Quality ${choice} is not available for this song; available: ${available.join(', ') || 'none'}`;
    return failure(mid, available, HttpStatus.NOT_FOUND, 'QUALITY_UNAVAILABLE', message);
  }
  let encrypted = false;
  for (const file of wanted) {
    // An entry without a file name can only be matched to its song when one file was asked for it.
    const entry = keys?.byFilename.get(file.filename) ?? (wanted.length === 1 ? keys?.nameless.find((e) => e.songmid === song.mid) : undefined);
    if (isEncryptedEntry(entry)) {
      encrypted = true;
      continue;
    }
    const path = String(entry?.purl || entry?.wifiurl || '');
    if (path) {
      const url = joinUrl(pickStreamHost(keys?.sip), path);
      return { songmid: mid, url, size: song.sizes[file.quality], quality: QUALITIES[file.quality].label, available, filename: file.filename };
    }
  }
  if (encrypted) {
    return failure(mid, available, HttpStatus.FORBIDDEN, 'ENCRYPTED_ONLY', 'Upstream offers only an encrypted file, which this gateway does not serve');
  }
  const best = keys?.byFilename.get(wanted[0].filename) ?? (wanted.length === 1 ? keys?.nameless.find((e) => e.songmid === song.mid) : undefined);
  const upstreamResult = Number(best?.result ?? -1);
  return failure(mid, available, HttpStatus.FORBIDDEN, 'NO_PLAY_URL', 'No play URL for this song (VIP/paid, region or login required)', { upstreamResult });
}

function failure(songmid: string, available: Quality[], status: HttpStatus, errorCode: PlayListFailure['errorCode'], message: string, details: Record<string, unknown> = {}): PlayFailure {
  return { songmid, errorCode, available, error: new GatewayError(status, errorCode, message, { ...details, available }) };
}

/** A failed song as a batch entry: what a single /getMusicPlay would answer, with the file's result when upstream gave one. */
function describeFailure(r: PlayFailure): Omit<BatchPlayFailed, 'songmid' | 'ok'> {
  const upstreamResult = r.error instanceof GatewayError ? r.error.extra.upstreamResult : undefined;
  return { ...batchFailure(r.error), available: r.available, ...(typeof upstreamResult === 'number' ? { upstreamResult } : {}) };
}

/** The first batch's entries plus the second's (a song asked again with its real file names). */
function mergeBatches(first: VkeyBatch | undefined, second: VkeyBatch | undefined): VkeyBatch | undefined {
  if (!first || !second) return second ?? first;
  return { byFilename: new Map([...first.byFilename, ...second.byFilename]), nameless: [...first.nameless, ...second.nameless], sip: second.sip ?? first.sip, raw: second.raw };
}
