/**
 * QQ Music's word-by-word lyric (docs/upstream/music.md "Word-by-word lyric"): the QRC parser and the aligned timeline,
 * over texts the payload decoder (src/upstream/clients/lyric-payload.ts) gives. Pure; unit-tested, hostile inputs
 * included.
 */
import { parseLrc } from './lyric';
import type { LyricTags, LyricTimelineLine, LyricWord } from './music.answers';

/** Times above this (ms, ~28 h) are not a lyric's: such a line is malformed. */
const MAX_TIME_MS = 99_999_999;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9A-Fa-f]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name];
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The QRC lines of a decoded text: the `LyricContent` attribute of the XML wrapper (up to the `"/>` that closes it, as
 * real contents hold bare quotes), XML-unescaped; a text without the wrapper is returned as is. Found with indexOf, not
 * a lazy regex: 1 MiB of unclosed attributes must not cost quadratic time.
 */
export function qrcContent(text: string): string {
  const open = text.indexOf(CONTENT_ATTR);
  const close = open < 0 ? -1 : text.indexOf('"/>', open + CONTENT_ATTR.length);
  if (close >= 0) return unescapeXml(text.slice(open + CONTENT_ATTR.length, close));
  return text.trimStart().startsWith('<') ? '' : text;
}

const CONTENT_ATTR = 'LyricContent="';

export interface QrcLine {
  start: number;
  duration: number;
  text: string;
  words: LyricWord[];
}

export interface QrcDocument {
  tags: LyricTags;
  lines: QrcLine[];
  /** Lines that are neither a tag nor a well-formed timed line. */
  malformed: number;
}

const META = /^\[(ti|ar|al|by|offset):(.*)\]$/i;
const LINE = /^\[(\d{1,9}),(\d{1,9})\](.*)$/;
/** A word's stamp, after its text: matched on its own (no lazy prefix) so a line is scanned in linear time. */
const STAMP = /\((\d{1,9}),(\d{1,9})\)/g;

/**
 * Parses QRC lines: `[start,duration]word(start,duration)word(start,duration)…` (absolute ms), and the LRC-style
 * tags. A line with no word stamps keeps its text with no words; blank and malformed lines are dropped (counted).
 */
export function parseQrc(content: string): QrcDocument {
  const tags: LyricTags = { title: '', artist: '', album: '', offset: 0, by: '' };
  const lines: QrcLine[] = [];
  let malformed = 0;
  for (const raw of content.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const meta = META.exec(line);
    if (meta) {
      const value = meta[2].trim();
      const key = meta[1].toLowerCase();
      if (key === 'offset') tags.offset = Number.isFinite(Number(value)) ? Number(value) : 0;
      else tags[({ ti: 'title', ar: 'artist', al: 'album', by: 'by' } as const)[key as 'ti' | 'ar' | 'al' | 'by']] = value;
      continue;
    }
    const timed = LINE.exec(line);
    if (!timed || Number(timed[1]) > MAX_TIME_MS || Number(timed[2]) > MAX_TIME_MS) {
      malformed++;
      continue;
    }
    const body = timed[3];
    const words: LyricWord[] = [];
    let consumed = 0;
    STAMP.lastIndex = 0;
    for (let stamp = STAMP.exec(body); stamp; stamp = STAMP.exec(body)) {
      const word = body.slice(consumed, stamp.index);
      consumed = STAMP.lastIndex;
      if (word) words.push({ start: Number(stamp[1]), duration: Number(stamp[2]), text: word });
    }
    const text = (words.length ? words.map((w) => w.text).join('') + body.slice(consumed) : body).trim();
    if (!text) continue;
    lines.push({ start: Number(timed[1]), duration: Number(timed[2]), text, words });
  }
  lines.sort((a, b) => a.start - b.start);
  return { tags, lines, malformed };
}

/** How far (ms) a translation's LRC time may sit from its line's start: LRC has 10 ms steps, QRC 1 ms. */
const TRANS_TOLERANCE_MS = 1000;
/** QQ Music's translation of a line it does not translate. */
const UNTRANSLATED = '//';

/** Index of the first of `lines` (sorted by start) that starts at or after `time`; lines.length when none. */
function firstFrom(lines: readonly { start: number }[], time: number): number {
  let [lo, hi] = [0, lines.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid].start < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the line (sorted by start) whose start is nearest `time` within `tolerance`, or -1. */
function nearestLine(lines: readonly { start: number }[], time: number, tolerance: number): number {
  const after = firstFrom(lines, time);
  const gapOf = (i: number) => (i >= 0 && i < lines.length ? Math.abs(lines[i].start - time) : Infinity);
  const best = gapOf(after - 1) <= gapOf(after) ? after - 1 : after;
  return gapOf(best) <= tolerance ? best : -1;
}

/**
 * The timeline: each line with its words, its translation (the LRC line nearest its start, within 1 s) and its
 * romanisation (the romanised QRC line with the same start, else the first that starts within the line). Lines and
 * romanised lines are sorted by start (parseQrc, lrcLines), so each lookup is a binary search.
 */
export function alignTimeline(lines: readonly QrcLine[], transLrc: string, roma?: readonly QrcLine[]): LyricTimelineLine[] {
  const out: LyricTimelineLine[] = lines.map((l) => ({ start: l.start, duration: l.duration, text: l.text, words: l.words }));
  const transGap = new Map<number, number>();
  for (const t of parseLrc(transLrc).lines) {
    const text = t.text.trim();
    if (!text || text === UNTRANSLATED) continue;
    const i = nearestLine(out, t.time, TRANS_TOLERANCE_MS);
    if (i < 0) continue;
    // two translations near one line: the nearer one wins
    const gap = Math.abs(out[i].start - t.time);
    if (gap >= (transGap.get(i) ?? Infinity)) continue;
    transGap.set(i, gap);
    out[i].trans = text;
  }
  if (roma) {
    for (const line of out) {
      const match = roma[firstFrom(roma, line.start)];
      const within = match !== undefined && match.start < line.start + Math.max(line.duration, 1);
      line.roma = within ? { text: match.text, words: match.words } : { text: '', words: [] };
    }
  }
  return out;
}

/** Line-level timeline lines from LRC text (the fallback): each lasts until the next starts, the last 0 ms. */
export function lrcLines(lrc: string): QrcLine[] {
  const parsed = parseLrc(lrc).lines;
  return parsed.map((l, i) => ({ start: l.time, duration: i + 1 < parsed.length ? parsed[i + 1].time - l.time : 0, text: l.text, words: [] }));
}
