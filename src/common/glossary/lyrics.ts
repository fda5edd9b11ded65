import type { GroupEntries } from './entry';

/** The glossary's "Lyrics" names (src/common/glossary.ts merges the groups). */
export const LYRICS: GroupEntries<'Lyrics'> = {
  artist: { group: 'Lyrics', meaning: 'The lyric\'s `[ar:]` tag.', type: 'string', upstream: 'the LRC tag' },
  by: { group: 'Lyrics', meaning: 'The lyric\'s `[by:]` tag.', type: 'string', upstream: 'the LRC tag' },
  duration: {
    group: 'Lyrics',
    meaning: 'How long a lyric line or word lasts, in ms. On an MV, its old name of `interval` (seconds).',
    type: 'integer',
    upstream: 'the QRC timing; the MV\'s `duration`',
    deprecatedFor: 'interval',
    staysWhere: 'lyric lines and words (`{ start, duration }` in ms)',
  },
  format: { group: 'Lyrics', meaning: 'The lyric format answered: `qrc`, `timeline`, or `lrc` (the fallback).', type: 'string', upstream: 'gateway' },
  lines: { group: 'Lyrics', meaning: 'A parsed lyric\'s timed lines, sorted by time.', type: 'object[]', upstream: 'parsed from the LRC / QRC text' },
  lyric: { group: 'Lyrics', meaning: 'A song\'s lyric: LRC text (or QRC lines), or the parsed lyric; in lyric search hits, the matching lyric text.', type: 'string | object', upstream: 'the lyric CGI / PlayLyricInfo, decoded', fixedBy: 'lyric `{ lyric, trans }`' },
  offset: { group: 'Lyrics', meaning: 'The lyric\'s `[offset:]` tag, in ms (0 when absent).', type: 'number', upstream: 'the LRC tag' },
  roma: { group: 'Lyrics', meaning: 'The romanisation (roma=1): QRC text, or a line\'s `{ text, words }`.', type: 'string | object', upstream: 'PlayLyricInfo `roma`, decrypted' },
  source: { group: 'Lyrics', meaning: 'Where a timeline comes from: `qrc` (word by word) or `lrc` (line-level fallback).', type: 'string', upstream: 'gateway' },
  start: { group: 'Lyrics', meaning: 'When a lyric line or word starts, in ms from the song\'s start.', type: 'integer', upstream: 'the QRC timing' },
  tags: { group: 'Lyrics', meaning: 'A lyric\'s tags `{ title, artist, album, offset, by }`; a playlist\'s tags `{ id, name }`; the MV filters `{ area, version }`.', type: 'object | object[]', upstream: 'the LRC tags; `dirinfo.tag`; GetAllocTag' },
  text: { group: 'Lyrics', meaning: 'The text of a lyric line or word.', type: 'string', upstream: 'parsed from the LRC / QRC text' },
  time: {
    group: 'Lyrics',
    meaning: 'When: a lyric line\'s start in ms; a comment\'s Unix time in seconds; a ticket show\'s date and time as upstream writes it.',
    type: 'integer | string',
    upstream: 'the LRC time tag; the comment\'s `time`; the show\'s `show_time`',
    fixedBy: 'comment `time` (Unix seconds)',
  },
  trans: { group: 'Lyrics', meaning: 'The translation: LRC text (\'\' when none), the parsed translation, or a timeline line\'s translated text.', type: 'string | object', upstream: 'the lyric\'s `trans`', fixedBy: 'lyric `{ lyric, trans }`' },
  txt: { group: 'Lyrics', meaning: 'A parsed lyric line\'s text (the Koa services\' name).', type: 'string', upstream: 'parsed from the LRC text', deprecatedFor: 'text' },
  words: { group: 'Lyrics', meaning: 'A line\'s word-by-word timing `{ start, duration, text }`.', type: 'object[]', upstream: 'the QRC text' },
};
