/** Lyric decoding and LRC parsing (docs/upstream/music.md "Lyric"). Pure; unit-tested. */
import { withOldNames } from '../common/answer-schema';
import { LYRIC_LINE_RENAMES, type LyricLine, type LyricTags, type ParsedLyric } from './music.answers';

/** base64 → UTF-8 text; '' for empty/absent input. */
export function decodeBase64Text(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  return Buffer.from(value, 'base64').toString('utf8');
}

const TIME_TAG = /\[(\d+):(\d{1,2})(?:[.:](\d{1,3}))?\]/g;
const LEADING_TIME_TAGS = /^(?:\s*\[\d+:\d{1,2}(?:[.:]\d{1,3})?\])+/;
const META_TAG = /^\s*\[(ti|ar|al|by|offset):(.*)\]\s*$/i;

/** `mm`, `ss`, fraction digits → ms. The fraction is a decimal: '5' = 500 ms, '50' = 500 ms, '500' = 500 ms. */
export function timeTagToMs(mm: string, ss: string, frac = ''): number {
  const fraction = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  return Number(mm) * 60000 + Number(ss) * 1000 + fraction;
}

/**
 * Parses LRC text: `[ti:]`/`[ar:]`/`[al:]`/`[by:]`/`[offset:]` tags, and `[mm:ss]`, `[mm:ss.x]`, `[mm:ss.xx]`,
 * `[mm:ss.xxx]` time tags (a line with several time tags yields one line per tag). Lines are sorted by time
 * (stable), and lines whose text is empty are dropped.
 */
export function parseLrc(text: string): ParsedLyric {
  const tags: LyricTags = { title: '', artist: '', album: '', offset: 0, by: '' };
  const lines: LyricLine[] = [];
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const meta = META_TAG.exec(rawLine);
    if (meta) {
      const value = meta[2].trim();
      switch (meta[1].toLowerCase()) {
        case 'ti': tags.title = value; break;
        case 'ar': tags.artist = value; break;
        case 'al': tags.album = value; break;
        case 'by': tags.by = value; break;
        case 'offset': tags.offset = Number.isFinite(Number(value)) ? Number(value) : 0; break;
      }
      continue;
    }
    const prefix = LEADING_TIME_TAGS.exec(rawLine);
    if (!prefix) continue;
    const content = rawLine.slice(prefix[0].length).trim();
    if (!content) continue;
    for (const m of prefix[0].matchAll(TIME_TAG)) {
      lines.push(withOldNames({ time: timeTagToMs(m[1], m[2], m[3]), text: content }, LYRIC_LINE_RENAMES));
    }
  }
  lines.sort((a, b) => a.time - b.time);
  return { lyric: text, tags, lines };
}
