import { deflateSync } from 'node:zlib';
import { qrcCipher } from '../../src/upstream/clients/qrc-cipher';
import { type CatalogSong, songByMid } from '../catalog';
import type { FakeRoutes, MusicuHandler } from '../fake-upstream';
import { fixtureText } from '../fixtures';
import type { FakeState } from '../state';
import { lyricBodyFor, musicState } from './music';

/**
 * The word-by-word lyric call, musicu `music.musichallSong.PlayLyricInfo` / `GetPlayLyricInfo` (docs/upstream/music.md
 * "Word-by-word lyric"). With `crypt: 1` each of `lyric`, `trans`, `roma` is hex of QQ Music's triple DES over zlib.
 * - RECORDED_QRC_MID answers the recorded payload (陈奕迅 "富士山下", fixtures/SOURCES.md) byte for byte.
 * - A catalogue song answers a QRC built on the time grid of its fake LRC (handlers/music.ts), encrypted with the
 *   gateway's own cipher, as no recording of those songs exists.
 * - Asked with `qrc: 0`, a song answers the LRC and translation the lyric CGI holds for it (a test's `lyrics`, else
 *   the test's `texts`, else the catalogue's fake LRC): one lyric store behind both calls, as upstream has.
 * - An unknown song, or one the lyric CGI has no lyric for, answers code 0 with empty payloads (assumed: no recording
 *   of that answer either).
 */

/** The MID the fake serves the recorded payload for (the recording does not name the song's MID). */
export const RECORDED_QRC_MID = '000QrcRecorded';
/** The recorded song's first sung line, word by word, as the payload decodes. */
export const RECORDED_QRC_FIRST_LINE = { start: 23828, duration: 2174, words: ['拦', '路', '雨', '偏', '似', '雪', '花'] };

/**
 * Per-MID scenario state:
 * - texts: plain QRC/LRC texts the fake encrypts (`lyric` and `roma` QRC, as XML or bare lines; `trans` LRC).
 * - payloads: fields sent exactly as given (hostile payloads: not hex, truncated, garbage…), over the texts.
 */
export const lyricQrcState = (state: FakeState) =>
  state.of('lyricQrc', () => ({
    texts: new Map<string, { lyric?: string; trans?: string; roma?: string }>(),
    payloads: new Map<string, Partial<Record<'lyric' | 'trans' | 'roma', unknown>>>(),
  }));

/** A text as upstream sends it with `crypt: 1`: hex (upper case) of the encrypted zlib stream, zero-padded to 8 bytes. */
export function encryptLyricText(text: string): string {
  if (!text) return '';
  const z = deflateSync(Buffer.from(text, 'utf8'));
  const padded = Buffer.concat([z, Buffer.alloc((8 - (z.length % 8)) % 8)]);
  return qrcCipher(padded, 'encrypt').toString('hex').toUpperCase();
}

/** QRC lines in the XML wrapper upstream's payloads carry (quotes and markup escaped as XML attributes are). */
export function qrcXml(lines: string): string {
  const attr = lines.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<?xml version="1.0" encoding="utf-8"?>\n<QrcInfos>\n<QrcHeadInfo SaveTime="1700000000" Version="100"/>\n<LyricInfo LyricCount="1">\n<Lyric_1 LyricType="1" LyricContent="${attr}"/>\n</LyricInfo>\n</QrcInfos>`;
}

/** A catalogue song's QRC: the lines of its fake LRC, each word a space-separated piece sharing the line's time. */
export function catalogueQrc(song: CatalogSong): string {
  const lrc = Buffer.from(String(lyricBodyFor(song).lyric), 'base64').toString('utf8');
  const timed = lrc
    .split('\n')
    .map((l) => /^\[(\d+):(\d+)\.(\d+)\](.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ start: Number(m[1]) * 60000 + Number(m[2]) * 1000 + Number(`0.${m[3]}`) * 1000, text: m[4] }));
  const head = lrc.split('\n').filter((l) => /^\[(ti|ar|al|by|offset):/.test(l));
  // an LRC line with no text only ends the line before it
  const lines = timed.flatMap(({ start, text }, i) => {
    if (!text.trim()) return [];
    const end = timed[i + 1]?.start ?? start + 3000;
    const duration = Math.round(end - start);
    const pieces = text.split(/(?<= )/).filter(Boolean);
    const step = pieces.length ? Math.floor(duration / pieces.length) : 0;
    return [`[${Math.round(start)},${duration}]${pieces.map((p, j) => `${p}(${Math.round(start) + j * step},${step})`).join('')}`];
  });
  return qrcXml([...head, ...lines].join('\n'));
}

const playLyricInfo: MusicuHandler = (param, { state }) => {
  const mid = typeof param.songMid === 'string' ? param.songMid : '';
  if (!mid && param.songId === undefined && param.songID === undefined) return { code: 10006, data: {} }; // parameter check failed
  const s = lyricQrcState(state);
  const crypt = Number(param.crypt) === 1;
  const custom = s.texts.get(mid);
  const cgiLyrics = musicState(state);
  const lrc = cgiLyrics.lyrics.get(mid);
  const song = songByMid(mid);
  const qrc = Number(param.qrc) === 1;
  let texts: { lyric?: string; trans?: string; roma?: string } = {};
  if (custom && (qrc || !lrc)) texts = custom;
  else if (!qrc && lrc) texts = { lyric: lrc.lyric, trans: lrc.trans };
  else if (song && !cgiLyrics.noLyricMids.has(mid)) texts = { lyric: qrc ? catalogueQrc(song) : Buffer.from(String(lyricBodyFor(song).lyric), 'base64').toString('utf8') };
  const field = (name: 'lyric' | 'trans' | 'roma', asked: boolean): unknown => {
    const given = s.payloads.get(mid);
    if (given && name in given) return given[name];
    if (!asked) return '';
    if (name === 'lyric' && qrc && mid === RECORDED_QRC_MID && !custom) return crypt ? fixtureText('musicu-play-lyric-info.lyric.fragment.txt').trim() : '';
    const text = texts[name] ?? '';
    return crypt ? encryptLyricText(text) : text;
  };
  return {
    code: 0,
    data: {
      songID: song?.id ?? 0,
      crypt: crypt ? 1 : 0,
      lyric: field('lyric', true),
      trans: field('trans', Number(param.trans) === 1),
      roma: field('roma', Number(param.roma) === 1),
      qrc_t: 0,
      lrc_t: 0,
      trans_t: 0,
      roma_t: 0,
    },
  };
};

export const lyricQrcRoutes: FakeRoutes = {
  musicu: { 'music.musichallSong.PlayLyricInfo.GetPlayLyricInfo': playLyricInfo },
};
