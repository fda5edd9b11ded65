/** Play/download URL building for the vkey flow (docs/upstream/music.md "Play URL"). Pure; unit-tested. */
import type { QualityLabel } from './music.answers';

export type Quality = '128' | '320' | 'm4a' | 'flac' | 'ape';

export interface QualityInfo {
  /** Filename prefix + extension upstream expects (docs/upstream/music.md "Play URL" table). */
  prefix: string;
  ext: string;
  /** Size field in `track_info.file`. */
  sizeField: string;
  /** Label returned to clients. */
  label: QualityLabel;
}

export const QUALITIES: Record<Quality, QualityInfo> = {
  '128': { prefix: 'M500', ext: '.mp3', sizeField: 'size_128mp3', label: '128kbps' },
  '320': { prefix: 'M800', ext: '.mp3', sizeField: 'size_320mp3', label: '320kbps' },
  m4a: { prefix: 'C400', ext: '.m4a', sizeField: 'size_96aac', label: 'm4a' },
  flac: { prefix: 'F000', ext: '.flac', sizeField: 'size_flac', label: 'flac' },
  ape: { prefix: 'A000', ext: '.ape', sizeField: 'size_ape', label: 'ape' },
};

export const QUALITY_NAMES = Object.keys(QUALITIES) as Quality[];

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

/** Sizes of the qualities a song has (size > 0), from `track_info.file`. */
export function availableQualities(file: Record<string, unknown> | undefined): Quality[] {
  return QUALITY_NAMES.filter((q) => Number(file?.[QUALITIES[q].sizeField] ?? 0) > 0);
}
