import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { GatewayError } from '../common/http-error';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { envelope, type Envelope, type Shaped } from '../common/shaped';
import { MusicClient, type SongDetail, type VkeyBatch } from '../upstream/clients/music.client';
import { DownloadMainMusicQuery, GetMusicPlayQuery } from './dto/music-play.dto';
import type { DownloadAnswer, MusicPlayAnswer, PlayList, PlayListFailure } from './music.answers';
import { mapTrack } from './music.mapper';
import { buildFilename, joinUrl, pickStreamHost, Quality, QUALITIES, QUALITY_NAMES } from './play-url';

/** What a play URL needs of a song's detail: its media MID and the size of each quality (0 = not available). */
interface SongFiles {
  mid: string;
  mediaMid: string | undefined;
  sizes: Record<Quality, number>;
}

/** One song's play URL, or why it has none. */
export type PlayResult = ({ songmid: string } & DownloadAnswer) | PlayFailure;

/** Why a song has no URL: the error a single MID answers, and its code as a batch entry carries it. */
interface PlayFailure {
  songmid: string;
  errorCode: PlayListFailure['errorCode'];
  error: GatewayError;
}

/** How long a song's files are kept (SONG_FILES_KEPT): they change rarely, and an entry is a few numbers. */
const KNOWN_FOR_MS = 60 * 60_000;

/** Play and download URLs: the vkey flow of docs/upstream/music.md "Play URL". */
@Injectable()
export class PlayUrlService {
  /** Songs whose detail was read lately: a play URL for one of them costs one upstream call (the key). */
  private readonly known: LRUCache<string, SongFiles> | undefined;

  constructor(
    private readonly music: MusicClient,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.known = config.songFilesKept > 0 ? new LRUCache({ max: config.songFilesKept, ttl: KNOWN_FOR_MS }) : undefined;
  }

  /** GET /getMusicPlay: `{ url, size, quality }` for one MID; `{ list: [...] }` for a comma-separated list. */
  async getMusicPlay(query: GetMusicPlayQuery): Promise<Shaped<Envelope<MusicPlayAnswer>>> {
    const mids = query.songmid.split(',');
    const { results, raw } = await this.resolve(mids, query.quality ?? '128');
    if (mids.length > 1) {
      const list: PlayList['list'] = results.map((r) =>
        'error' in r ? { songmid: r.songmid, url: '', error: r.error.message, errorCode: r.errorCode } : withoutFilename(r),
      );
      return envelope({ list }, raw);
    }
    const only = results[0];
    if ('error' in only) throw only.error;
    return envelope({ url: only.url, size: only.size, quality: only.quality }, raw);
  }

  /** GET /downloadMainMusic: `{ url, size, quality, filename }`, the same flow plus the file name to save as. */
  async downloadMainMusic(query: DownloadMainMusicQuery): Promise<Shaped<Envelope<DownloadAnswer>>> {
    const { results, raw } = await this.resolve([query.songmid], query.quality ?? '128');
    const only = results[0];
    if ('error' in only) throw only.error;
    return envelope({ url: only.url, size: only.size, quality: only.quality, filename: only.filename }, raw);
  }

  /**
   * Each MID's file for `quality`. Songs not known yet have their detail asked in the same request as the keys, with
   * file names built from their MID; a song whose media MID differs gets its key in a second call.
   * 404 SONG_NOT_FOUND / QUALITY_UNAVAILABLE, 403 NO_PLAY_URL per song.
   */
  private async resolve(mids: string[], quality: Quality): Promise<{ results: PlayResult[]; raw: unknown }> {
    const files = new Map<string, SongFiles | null>(mids.map((mid) => [mid, this.known?.get(mid) ?? null]));
    const unknown = [...new Set(mids.filter((mid) => !files.get(mid)))];
    const guessed = (mid: string) => buildFilename(quality, mid, files.get(mid)?.mediaMid ?? mid);
    let keys: VkeyBatch | undefined;
    let details: SongDetail[] = [];
    if (unknown.length) {
      ({ details, vkeys: keys } = await this.music.songsWithVkeys(unknown, mids.map(guessed), mids));
      unknown.forEach((mid, i) => files.set(mid, this.remember(mid, details[i])));
    }
    const wanted = mids.map((mid) => {
      const song = files.get(mid);
      return song && song.sizes[quality] > 0 ? buildFilename(quality, song.mid, song.mediaMid) : undefined;
    });
    const missing = mids.filter((_mid, i) => wanted[i] && !keys?.byFilename.has(wanted[i]));
    if (!keys || missing.length) {
      const asked = mids.filter((_mid, i) => wanted[i] && (!keys || missing.includes(mids[i])));
      const second = asked.length ? await this.music.vkeys(asked.map((mid) => wanted[mids.indexOf(mid)]!), asked) : undefined;
      keys = mergeBatches(keys, second);
    }
    const results = mids.map((mid, i) => fileOf(mid, quality, files.get(mid) ?? null, wanted[i], keys));
    return { results, raw: { songinfo: details[0]?.raw, vkey: keys?.raw } };
  }

  /** The files of a song from its detail (null when upstream knows no such song), kept for next time. */
  private remember(mid: string, detail: SongDetail | undefined): SongFiles | null {
    const track = detail?.songinfo?.track_info;
    const summary = mapTrack(track);
    if (!summary) return null;
    const sizes = Object.fromEntries(QUALITY_NAMES.map((q) => [q, Number(track.file?.[QUALITIES[q].sizeField] ?? 0) || 0])) as Record<Quality, number>;
    const files: SongFiles = { mid: summary.mid, mediaMid: summary.mediaMid, sizes };
    this.known?.set(mid, files);
    return files;
  }
}

function fileOf(mid: string, quality: Quality, song: SongFiles | null, filename: string | undefined, keys: VkeyBatch | undefined): PlayResult {
  if (!song) return failure(mid, HttpStatus.NOT_FOUND, 'SONG_NOT_FOUND', `No song found for songmid ${mid}`);
  if (!filename) {
    const available = QUALITY_NAMES.filter((q) => song.sizes[q] > 0);
    const message = `Quality ${quality} is not available for this song; available: ${available.join(', ') || 'none'}`;
    return failure(mid, HttpStatus.NOT_FOUND, 'QUALITY_UNAVAILABLE', message, { available });
  }
  const entry = keys?.byFilename.get(filename) ?? keys?.nameless.find((e) => e.songmid === song.mid);
  const path = String(entry?.purl || entry?.wifiurl || '');
  if (!path) {
    const upstreamResult = Number(entry?.result ?? -1);
    return failure(mid, HttpStatus.FORBIDDEN, 'NO_PLAY_URL', 'No play URL for this song (VIP/paid, region or login required)', { upstreamResult });
  }
  return { songmid: mid, url: joinUrl(pickStreamHost(keys?.sip), path), size: song.sizes[quality], quality: QUALITIES[quality].label, filename };
}

function failure(songmid: string, status: HttpStatus, errorCode: PlayFailure['errorCode'], message: string, details?: Record<string, unknown>): PlayFailure {
  return { songmid, errorCode, error: new GatewayError(status, errorCode, message, details) };
}

function withoutFilename(r: { songmid: string } & DownloadAnswer): PlayList['list'][number] {
  return { songmid: r.songmid, url: r.url, size: r.size, quality: r.quality };
}

/** The first batch's entries plus the second's (a song asked again with its real file name). */
function mergeBatches(first: VkeyBatch | undefined, second: VkeyBatch | undefined): VkeyBatch | undefined {
  if (!first || !second) return second ?? first;
  return { byFilename: new Map([...first.byFilename, ...second.byFilename]), nameless: [...first.nameless, ...second.nameless], sip: second.sip ?? first.sip, raw: second.raw };
}
