/** Play/download URL building for the vkey flow (docs/upstream/music.md "Play URL"). Pure; unit-tested. */
import type { QualityLabel } from './music.answers';

/**
 * The plain (unencrypted) files upstream names, by the gateway's quality name (docs/upstream/music.md "Quality
 * ladder"). The first five are the original names; their labels and the default (128) stay as they were.
 */
export type Quality =
  | '128'
  | '320'
  | 'm4a'
  | 'flac'
  | 'ape'
  | 'aac48'
  | 'aac192'
  | 'ogg96'
  | 'ogg192'
  | 'ogg320'
  | 'ogg640'
  | 'hires'
  | 'master'
  | 'atmos'
  | 'atmos51'
  | 'atmos71'
  | 'dolby'
  | 'dtsx'
  | 'nac';

/** What `quality` accepts: a level, or `best` (the best level the account gets a URL for). */
export type QualityChoice = Quality | 'best';

/** A size field of `track_info.file`: a named number, or an index into `size_new[]`. */
export type SizeField = string | { sizeNew: number };

/**
 * How well a level's file name is backed (docs/upstream/music.md "Quality ladder"): `live`, a live test gets its key;
 * `table`, the Python QQMusicApi project's current file table lists it; `doubtful`, missing from that table or named
 * differently by another client. `best` tries doubtful levels only after every other one.
 */
export type Evidence = 'live' | 'table' | 'doubtful';

export interface QualityInfo {
  /** Filename prefix + extension upstream expects (docs/upstream/music.md "Quality ladder"). */
  prefix: string;
  ext: string;
  /** Where `track_info.file` holds the file's size (0 or absent = no such file). */
  sizeField: SizeField;
  /** Label returned to clients. */
  label: QualityLabel;
  evidence: Evidence;
}

export const QUALITIES: Record<Quality, QualityInfo> = {
  '128': { prefix: 'M500', ext: '.mp3', sizeField: 'size_128mp3', label: '128kbps', evidence: 'live' },
  '320': { prefix: 'M800', ext: '.mp3', sizeField: 'size_320mp3', label: '320kbps', evidence: 'table' },
  m4a: { prefix: 'C400', ext: '.m4a', sizeField: 'size_96aac', label: 'm4a', evidence: 'table' },
  flac: { prefix: 'F000', ext: '.flac', sizeField: 'size_flac', label: 'flac', evidence: 'live' },
  // Not in the Python project's current table; only older, unmaintained clients ask it.
  ape: { prefix: 'A000', ext: '.ape', sizeField: 'size_ape', label: 'ape', evidence: 'doubtful' },
  aac48: { prefix: 'C200', ext: '.m4a', sizeField: 'size_48aac', label: 'aac48', evidence: 'table' },
  aac192: { prefix: 'C600', ext: '.m4a', sizeField: 'size_192aac', label: 'aac192', evidence: 'table' },
  ogg96: { prefix: 'O400', ext: '.ogg', sizeField: 'size_96ogg', label: 'ogg96', evidence: 'table' },
  ogg192: { prefix: 'O600', ext: '.ogg', sizeField: 'size_192ogg', label: 'ogg192', evidence: 'table' },
  ogg320: { prefix: 'O800', ext: '.ogg', sizeField: { sizeNew: 3 }, label: 'ogg320', evidence: 'table' },
  ogg640: { prefix: 'O801', ext: '.ogg', sizeField: { sizeNew: 5 }, label: 'ogg640', evidence: 'table' },
  // In no maintained client's table (one third-party gateway only).
  hires: { prefix: 'RS01', ext: '.flac', sizeField: 'size_hires', label: 'hires', evidence: 'doubtful' },
  // master and the Atmos FLACs: a Rust client names these files by `vs[]` entries, not by the media MID.
  master: { prefix: 'AI00', ext: '.flac', sizeField: { sizeNew: 0 }, label: 'master', evidence: 'doubtful' },
  atmos: { prefix: 'Q000', ext: '.flac', sizeField: { sizeNew: 1 }, label: 'atmos', evidence: 'doubtful' },
  atmos51: { prefix: 'Q001', ext: '.flac', sizeField: { sizeNew: 2 }, label: 'atmos51', evidence: 'doubtful' },
  atmos71: { prefix: 'Q003', ext: '.ogg', sizeField: { sizeNew: 6 }, label: 'atmos71', evidence: 'table' },
  dolby: { prefix: 'D004', ext: '.mp4', sizeField: 'size_dolby', label: 'dolby', evidence: 'table' },
  dtsx: { prefix: 'DT03', ext: '.mp4', sizeField: { sizeNew: 9 }, label: 'dtsx', evidence: 'table' },
  nac: { prefix: 'TL01', ext: '.nac', sizeField: { sizeNew: 7 }, label: 'nac', evidence: 'table' },
};

export const QUALITY_NAMES = Object.keys(QUALITIES) as Quality[];

/** `quality` values the routes accept. */
export const QUALITY_CHOICES: QualityChoice[] = [...QUALITY_NAMES, 'best'];

/**
 * `best`'s ranking by sound: stereo lossless, then lossy by rate (MP3 before Ogg/AAC of the same rate: more players
 * take it), then the surround mixes (a different mix that needs a multichannel player). `nac` is never picked: only
 * QQ Music's own app decodes that codec.
 */
const BEST_RANKING: readonly Quality[] = [
  'master',
  'hires',
  'flac',
  'ape',
  'ogg640',
  '320',
  'ogg320',
  'aac192',
  'ogg192',
  '128',
  'm4a',
  'ogg96',
  'aac48',
  'atmos',
  'atmos51',
  'atmos71',
  'dolby',
  'dtsx',
];

/** The order `best` tries: the ranking with every doubtful level moved after the backed ones (docs/decisions/024). */
export const BEST_ORDER: readonly Quality[] = [
  ...BEST_RANKING.filter((q) => QUALITIES[q].evidence !== 'doubtful'),
  ...BEST_RANKING.filter((q) => QUALITIES[q].evidence === 'doubtful'),
];

/**
 * The trial clip of a paid song (docs/upstream/music.md "Trial file"): `RS02` + the track's `vs[0]` + `.mp3`, an MP3 of
 * about 128 kbit/s, asked only when the full file got no URL.
 */
const TRIAL_PREFIX = 'RS02';
const TRIAL_EXT = '.mp3';
export const TRIAL_LABEL: QualityLabel = '128kbps';
/** Bytes per second of the trial MP3, for its length when the detail gives no `try_begin`/`try_end`. */
const TRIAL_BYTES_PER_SECOND = 128_000 / 8;

export interface TrialFile {
  filename: string;
  size: number;
  /** The clip's length in whole seconds. */
  seconds: number;
}

/** The trial file of a track (`track_info`), undefined when it has none (`file.size_try` 0, or no `vs[0]`). */
export function trialOf(track: Record<string, any> | undefined): TrialFile | undefined {
  const file: Record<string, unknown> | undefined = track?.file;
  const size = Number(file?.size_try ?? 0);
  const mediaMid: unknown = Array.isArray(track?.vs) ? track.vs[0] : undefined;
  if (!Number.isFinite(size) || size <= 0 || typeof mediaMid !== 'string' || !mediaMid) return undefined;
  // try_begin/try_end are the clip's bounds in the full song, in milliseconds.
  const begin = Number(file?.try_begin ?? 0);
  const end = Number(file?.try_end ?? 0);
  const ms = Number.isFinite(begin) && Number.isFinite(end) && end > begin ? end - begin : (size / TRIAL_BYTES_PER_SECOND) * 1000;
  return { filename: `${TRIAL_PREFIX}${mediaMid}${TRIAL_EXT}`, size: Math.floor(size), seconds: Math.round(ms / 1000) };
}

/** The host used when the vkey answer carries no `sip` (the Python QQMusicApi project's fixed host). */
export const DEFAULT_STREAM_HOST = 'https://isure.stream.qqmusic.qq.com/';

/**
 * Upstream filename: prefix + media_mid + ext, or prefix + mid + mid + ext when the song detail has no media_mid
 * (docs/upstream/music.md "Play URL").
 */
export function buildFilename(quality: Quality, songmid: string, mediaMid?: string): string {
  const q = QUALITIES[quality];
  return `${q.prefix}${mediaMid || songmid + songmid}${q.ext}`;
}

/**
 * Host rule (docs/upstream/music.md "Play URL"): the first sip not starting with `http://ws`, else the first `https://` sip, else sip[0];
 * no usable sip → the isure default.
 */
export function pickStreamHost(sip: unknown): string {
  const hosts = (Array.isArray(sip) ? sip : []).filter((s): s is string => typeof s === 'string' && s.trim() !== '');
  if (hosts.length === 0) return DEFAULT_STREAM_HOST;
  return hosts.find((s) => !s.startsWith('http://ws')) ?? hosts.find((s) => s.startsWith('https://')) ?? hosts[0];
}

/** host + path with exactly one '/' between them. */
export function joinUrl(host: string, path: string): string {
  return `${host.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The size of one level's file from `track_info.file`, 0 when the song has none. */
export function sizeOf(file: Record<string, unknown> | undefined, quality: Quality): number {
  const field = QUALITIES[quality].sizeField;
  const value = typeof field === 'string' ? file?.[field] : Array.isArray(file?.size_new) ? (file.size_new as unknown[])[field.sizeNew] : 0;
  const size = Number(value ?? 0);
  return Number.isFinite(size) && size > 0 ? Math.floor(size) : 0;
}

/** Every level's size (0 = not available), from `track_info.file`. */
export function sizesOf(file: Record<string, unknown> | undefined): Record<Quality, number> {
  return Object.fromEntries(QUALITY_NAMES.map((q) => [q, sizeOf(file, q)])) as Record<Quality, number>;
}

/** The qualities a song has (size > 0), in QUALITY_NAMES order. */
export function availableQualities(file: Record<string, unknown> | undefined): Quality[] {
  const sizes = sizesOf(file);
  return QUALITY_NAMES.filter((q) => sizes[q] > 0);
}

/** The levels `choice` asks upstream for, best first: one level, or every level the song has for `best`. */
export function candidatesFor(choice: QualityChoice, sizes: Record<Quality, number>): Quality[] {
  if (choice !== 'best') return sizes[choice] > 0 ? [choice] : [];
  return BEST_ORDER.filter((q) => sizes[q] > 0);
}

/**
 * Whether a vkey entry hands out an encrypted file (an `ekey`, or a path to .mflac/.mgg/.mmp4…): this gateway
 * never serves those, as it does not decrypt (docs/upstream/music.md "Encrypted files").
 */
export function isEncryptedEntry(entry: Record<string, unknown> | undefined): boolean {
  if (!entry) return false;
  if (typeof entry.ekey === 'string' && entry.ekey !== '') return true;
  const path = String(entry.purl || entry.wifiurl || '').split('?')[0];
  return /\.(mflac|mgg|mmp4|mnac|mflac0|mgg1)$/i.test(path);
}
