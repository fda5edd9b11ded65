/**
 * The opt-in /getLyric formats (docs/music.md "Lyric formats (`format`, `roma`)"): format=qrc and format=timeline from
 * the word-by-word payloads, and their line-level fallback from the LRC. Pure; unit-tested.
 */
import { decodeLyricPayload } from '../upstream/clients/lyric-payload';
import { parseLrc } from './lyric';
import type { LyricQrc, LyricQrcFallback, LyricTimeline } from './music.answers';
import { alignTimeline, lrcLines, parseQrc, qrcContent } from './qrc';

export type WordByWordFormat = 'qrc' | 'timeline';

/** The three payloads of the word-by-word call, as received. */
export interface LyricPayloads {
  lyric: unknown;
  trans: unknown;
  roma: unknown;
}

export type WordByWord = { ok: true; answer: LyricQrc | LyricTimeline } | { ok: false; reason: string };

/**
 * The answer from the payloads, or why there is none: the lyric missing, undecodable or without a timed QRC line.
 * A broken translation or romanisation only empties that part, and `message` says so.
 */
export function wordByWordAnswer(format: WordByWordFormat, payloads: LyricPayloads, withRoma: boolean): WordByWord {
  const lyric = decodeLyricPayload(payloads.lyric);
  if (!lyric.ok) return { ok: false, reason: `the word-by-word lyric is unusable: ${lyric.reason}` };
  if (!lyric.text) return { ok: false, reason: 'upstream has no word-by-word lyric for this song' };
  const content = qrcContent(lyric.text);
  const doc = parseQrc(content);
  if (!doc.lines.some((l) => l.words.length)) return { ok: false, reason: 'the word-by-word lyric has no word-timed line' };

  const problems: string[] = [];
  const part = (name: string, value: unknown): string => {
    const decoded = decodeLyricPayload(value);
    if (decoded.ok) return decoded.text;
    problems.push(`${name} left out: ${decoded.reason}`);
    return '';
  };
  const trans = part('translation', payloads.trans);
  const roma = withRoma ? qrcContent(part('romanisation', payloads.roma)) : undefined;
  if (doc.malformed) problems.push(`${doc.malformed} malformed QRC line(s) skipped`);
  const message = problems.length ? { message: problems.join('; ') } : {};

  if (format === 'qrc') {
    return { ok: true, answer: { format: 'qrc', lyric: content, trans, ...(roma !== undefined ? { roma } : {}), ...message } };
  }
  const romaLines = roma !== undefined ? parseQrc(roma).lines : undefined;
  return {
    ok: true,
    answer: {
      format: 'timeline',
      source: 'qrc',
      tags: doc.tags,
      lines: alignTimeline(doc.lines, trans, romaLines),
      ...(roma !== undefined ? { roma } : {}),
      ...message,
    },
  };
}

/** What format=qrc|timeline answers from the LRC texts when the word-by-word lyric is missing or broken. */
export function lrcFallbackAnswer(format: WordByWordFormat, lyric: string, trans: string, reason: string): LyricQrcFallback | LyricTimeline {
  const message = `${reason}; this is the line-level LRC lyric`;
  if (format === 'qrc') return { format: 'lrc', lyric, trans, message };
  return { format: 'timeline', source: 'lrc', tags: parseLrc(lyric).tags, lines: alignTimeline(lrcLines(lyric), trans), message };
}
