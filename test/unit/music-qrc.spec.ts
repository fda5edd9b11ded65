import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import '../support/fast-check-seed';
import { fixtureText } from '../../fake-upstream/fixtures';
import { encryptLyricText, qrcXml } from '../../fake-upstream/handlers/lyric-qrc';
import { lrcFallbackAnswer, wordByWordAnswer } from '../../src/music/lyric-formats';
import { alignTimeline, parseQrc, qrcContent } from '../../src/music/qrc';
import { decodeLyricPayload, MAX_LYRIC_BYTES, MAX_PAYLOAD_HEX } from '../../src/upstream/clients/lyric-payload';
import { createTripleDes, QQ_VARIANT, QRC_KEY, qrcCipher, STANDARD_DES } from '../../src/upstream/clients/qrc-cipher';

const RECORDED = fixtureText('musicu-play-lyric-info.lyric.fragment.txt').trim();

/** What upstream would send for `bytes`: encrypted with the lyric key, as hex. */
const sealed = (bytes: Buffer, cipher = qrcCipher) => cipher(Buffer.concat([bytes, Buffer.alloc((8 - (bytes.length % 8)) % 8)]), 'encrypt').toString('hex');

describe('QQ Music triple DES (src/upstream/clients/qrc-cipher.ts)', () => {
  it('in its standard form is OpenSSL des-ede3-ecb, both ways', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 24, maxLength: 24 }), fc.uint8Array({ minLength: 1, maxLength: 6 }), (key, blocks) => {
        const data = Buffer.concat([...blocks].map((b) => Buffer.alloc(8, b)));
        const des = createTripleDes(key, STANDARD_DES);
        const enc = createCipheriv('des-ede3-ecb', key, null).setAutoPadding(false);
        const dec = createDecipheriv('des-ede3-ecb', key, null).setAutoPadding(false);
        expect(des(data, 'encrypt')).toEqual(Buffer.concat([enc.update(data), enc.final()]));
        expect(des(data, 'decrypt')).toEqual(Buffer.concat([dec.update(data), dec.final()]));
      }),
      { numRuns: 40 },
    );
  });

  it('QQ form: two S-box entries differ from FIPS 46, and it round-trips', () => {
    const diffs = QQ_VARIANT.sboxes.flatMap((box, i) => box.flatMap((v, j) => (v === STANDARD_DES.sboxes[i][j] ? [] : [[i + 1, Math.floor(j / 16), j % 16, v]])));
    expect(diffs).toEqual([
      [2, 1, 7, 15],
      [4, 3, 5, 10],
    ]);
    const data = randomBytes(64);
    expect(qrcCipher(qrcCipher(data, 'encrypt'), 'decrypt')).toEqual(data);
    expect(qrcCipher(data, 'encrypt')).not.toEqual(createTripleDes(QRC_KEY, STANDARD_DES)(data, 'encrypt'));
  });

  it('each deviation matters: the recorded payload decrypts to zlib only with all three', () => {
    const cipher = Buffer.from(RECORDED, 'hex');
    const zlibHeader = (out: Buffer) => out[0] === 0x78 && ((out[0] << 8) | out[1]) % 31 === 0;
    expect(zlibHeader(qrcCipher(cipher, 'decrypt'))).toBe(true);
    const without = [
      { ...QQ_VARIANT, littleEndianWords: false },
      { ...QQ_VARIANT, sboxes: STANDARD_DES.sboxes },
      { ...QQ_VARIANT, dHalfShift: 0 },
    ];
    for (const variant of without) expect(createTripleDes(QRC_KEY, variant)(cipher, 'decrypt').subarray(0, 16)).not.toEqual(qrcCipher(cipher, 'decrypt').subarray(0, 16));
  });

  it('refuses a partial block and a key that is not 24 bytes', () => {
    expect(() => qrcCipher(Buffer.alloc(12), 'decrypt')).toThrow(/not whole 8-byte blocks/);
    expect(() => createTripleDes(Buffer.alloc(16), QQ_VARIANT)).toThrow(/24-byte key/);
  });
});

describe('decodeLyricPayload', () => {
  it('decodes the recorded upstream payload (陈奕迅 "富士山下") to its QRC XML', () => {
    const decoded = decodeLyricPayload(RECORDED);
    expect(decoded.ok).toBe(true);
    const text = decoded.ok ? decoded.text : '';
    expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(qrcContent(text)).toContain('[23828,2174]拦(23828,488)路(24316,312)雨(24628,188)偏(24816,186)似(25002,126)雪(25128,188)花(25316,677)');
    // lower-case hex is the same payload
    expect(decodeLyricPayload(RECORDED.toLowerCase())).toEqual(decoded);
  });

  it('absent or empty is no text; a string that is not hex is used as is; other types are refused', () => {
    for (const v of [undefined, null, '']) expect(decodeLyricPayload(v)).toEqual({ ok: true, text: '' });
    expect(decodeLyricPayload('[0,100]plain(0,100)')).toEqual({ ok: true, text: '[0,100]plain(0,100)' });
    expect(decodeLyricPayload(42)).toEqual({ ok: false, reason: 'payload is a number, not text' });
    expect(decodeLyricPayload({ lyric: 'x' })).toEqual({ ok: false, reason: 'payload is a object, not text' });
  });

  it.each([
    ['odd length', RECORDED.slice(0, -1), /odd number of hex digits/],
    ['truncated inside a block', RECORDED.slice(0, -4), /not whole 8-byte blocks \(truncated\)/],
    ['truncated at a block boundary', RECORDED.slice(0, -32), /does not decrypt to a zlib stream \(unexpected end of file\)/],
    ['garbage bytes', 'F00DFACE'.repeat(64), /does not decrypt to a zlib stream/],
    ['one flipped byte', `${RECORDED.slice(0, 100)}${RECORDED[100] === '0' ? '1' : '0'}${RECORDED.slice(101)}`, /does not decrypt to a zlib stream/],
    ['another key', sealed(deflateSync('[0,1]a(0,1)'), createTripleDes(Buffer.from('0123456789abcdefghijklmn'), QQ_VARIANT)), /does not decrypt/],
    ['over the size limit', 'A'.repeat(MAX_PAYLOAD_HEX + 2), /over the 262144 limit/],
    ['a zip bomb', sealed(deflateSync(Buffer.alloc(MAX_LYRIC_BYTES + 1, 0x20))), /inflates to more than 524288 bytes/],
    ['not UTF-8 inside', sealed(deflateSync(Buffer.from([0x5b, 0xff, 0xfe, 0x80]))), /not UTF-8/],
  ])('%s: says why', (_name, payload, why) => {
    const decoded = decodeLyricPayload(payload);
    expect(decoded.ok).toBe(false);
    expect(decoded.ok ? '' : decoded.reason).toMatch(why);
  });

  it('drops a UTF-8 BOM, and accepts a payload exactly at the limits', () => {
    expect(decodeLyricPayload(sealed(deflateSync(Buffer.from('\uFEFF[0,1]x(0,1)', 'utf8'))))).toEqual({ ok: true, text: '[0,1]x(0,1)' });
    const full = Buffer.alloc(MAX_LYRIC_BYTES, 0x61);
    const decoded = decodeLyricPayload(sealed(deflateSync(full)));
    expect(decoded.ok && decoded.text.length).toBe(MAX_LYRIC_BYTES);
  });

  it('round-trips any text the fake encrypts', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const decoded = decodeLyricPayload(encryptLyricText(text));
        expect(decoded).toEqual({ ok: true, text: text.replace(/^\uFEFF/, '') });
      }),
      { numRuns: 60 },
    );
  });
});

describe('QRC text', () => {
  it('takes the lines out of the XML wrapper, unescaping the attribute (bare quotes too)', () => {
    expect(qrcContent(qrcXml('[0,10]"a" & <b>(0,10)'))).toBe('[0,10]"a" & <b>(0,10)');
    expect(qrcContent('<Lyric_1 LyricType="1" LyricContent="[0,5]say "hi"(0,5) &#x4F60;&#22909;"/>')).toBe('[0,5]say "hi"(0,5) 你好');
    expect(qrcContent('[0,5]bare(0,5)')).toBe('[0,5]bare(0,5)');
    expect(qrcContent('<QrcInfos><LyricInfo LyricCount="0"/></QrcInfos>')).toBe('');
  });

  it('parses tags, words (parentheses in a word included), lines without stamps, and sorts', () => {
    const doc = parseQrc(
      [
        '[ti:T]', '[ar:A]', '[offset:-50]',
        '[5000,1000]late(5000,1000)',
        '[0,3000](feat. X)(0,1000)Hello (1000,1000)world(2000,1000)!',
        '[4000,500]no word stamps',
        '[4500,10]   ',
      ].join('\r\n'),
    );
    expect(doc.tags).toEqual({ title: 'T', artist: 'A', album: '', offset: -50, by: '' });
    expect(doc.malformed).toBe(0);
    expect(doc.lines).toEqual([
      { start: 0, duration: 3000, text: '(feat. X)Hello world!', words: [{ start: 0, duration: 1000, text: '(feat. X)' }, { start: 1000, duration: 1000, text: 'Hello ' }, { start: 2000, duration: 1000, text: 'world' }] },
      { start: 4000, duration: 500, text: 'no word stamps', words: [] },
      { start: 5000, duration: 1000, text: 'late', words: [{ start: 5000, duration: 1000, text: 'late' }] },
    ]);
  });

  it('counts and skips malformed lines: bad stamps, huge times, untimed text', () => {
    const doc = parseQrc(['[1,x]a(1,1)', '[-5,10]a(1,1)', '[1234567890,1]a(1,1)', 'just text', '[1:2]x', '[10,10]ok(10,10)'].join('\n'));
    expect(doc.malformed).toBe(5);
    expect(doc.lines.map((l) => l.text)).toEqual(['ok']);
  });

  it('stays linear on 1 MiB of hostile text (unclosed stamps and attributes, many words)', () => {
    // quadratic scanning of these inputs would not finish within the test's timeout
    const MiB = 1 << 20;
    expect(parseQrc(`[0,1]${'(1,'.repeat(MiB / 3)}`).lines).toEqual([{ start: 0, duration: 1, text: '(1,'.repeat(MiB / 3), words: [] }]);
    expect(parseQrc(`[0,1]${'a(1,1)'.repeat(MiB / 6)}`).lines[0].words).toHaveLength(Math.floor(MiB / 6));
    expect(qrcContent(`<Lyric_1 ${'LyricContent="'.repeat(MiB / 14)}`)).toBe('');
  });

  it('aligns 100 000 lines with 100 000 translations and romanised lines by binary search, not pairwise', () => {
    // pairwise would be 10^10 comparisons: far past the bound below, which a busy machine's linear run stays under
    const many = Array.from({ length: 100_000 }, (_, i) => `[${i * 10},10]w(${i * 10},10)`).join('\n');
    const trans = Array.from({ length: 100_000 }, (_, i) => `[${String(Math.floor(i / 6000)).padStart(2, '0')}:${String(Math.floor(i / 100) % 60).padStart(2, '0')}.${String(i % 100).padStart(2, '0')}]t${i}`).join('\n');
    const lines = parseQrc(many).lines;
    const out = alignTimeline(lines, trans, lines);
    expect(out).toHaveLength(100_000);
    expect(out[5]).toMatchObject({ start: 50, trans: 't5', roma: { text: 'w' } });
    expect(out[99_999]).toMatchObject({ start: 999_990, trans: 't99999', roma: { text: 'w' } });
  }, 30_000);

  it('never throws and bounds its output on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const doc = parseQrc(text);
        expect(doc.lines.length).toBeLessThanOrEqual(text.split(/\r\n|\r|\n/).length);
        for (const l of doc.lines) expect(Number.isInteger(l.start) && l.start >= 0 && Number.isInteger(l.duration)).toBe(true);
      }),
    );
  });
});

describe('timeline alignment', () => {
  const lines = parseQrc('[1000,2000]a(1000,2000)\n[3000,2000]b(3000,2000)\n[9000,1000]c(9000,1000)').lines;

  it('gives each line the translation nearest its start within 1 s; "//" and far lines are no translation', () => {
    const out = alignTimeline(lines, '[00:00.99]A\n[00:01.20]A too late\n[00:03.00]//\n[00:07.50]orphan\n[00:09.01]C');
    expect(out.map((l) => l.trans)).toEqual(['A', undefined, 'C']);
  });

  it('gives each line the romanised line with its start, else the first starting within it, else an empty one', () => {
    const roma = parseQrc('[1000,2000]ro(1000,2000)\n[3100,500]ri(3100,500)\n[20000,1]x(20000,1)').lines;
    expect(alignTimeline(lines, '', roma).map((l) => l.roma?.text)).toEqual(['ro', 'ri', '']);
    expect(alignTimeline(lines, '').every((l) => !('roma' in l))).toBe(true);
  });
});

describe('the answers (src/music/lyric-formats.ts)', () => {
  const payloads = { lyric: encryptLyricText(qrcXml('[ti:T]\n[0,1000]x(0,500)y(500,500)')), trans: encryptLyricText('[00:00.00]XY'), roma: '' };

  it('format=qrc and format=timeline from good payloads', () => {
    expect(wordByWordAnswer('qrc', payloads, false)).toEqual({ ok: true, answer: { format: 'qrc', lyric: '[ti:T]\n[0,1000]x(0,500)y(500,500)', trans: '[00:00.00]XY' } });
    const timeline = wordByWordAnswer('timeline', payloads, true);
    expect(timeline).toEqual({
      ok: true,
      answer: {
        format: 'timeline',
        source: 'qrc',
        tags: { title: 'T', artist: '', album: '', offset: 0, by: '' },
        lines: [{ start: 0, duration: 1000, text: 'xy', words: [{ start: 0, duration: 500, text: 'x' }, { start: 500, duration: 500, text: 'y' }], trans: 'XY', roma: { text: '', words: [] } }],
        roma: '',
      },
    });
  });

  it('no answer without a word-timed line; the fallback says why', () => {
    expect(wordByWordAnswer('qrc', { ...payloads, lyric: encryptLyricText('[00:01.00]lrc only') }, false)).toEqual({ ok: false, reason: 'the word-by-word lyric has no word-timed line' });
    expect(wordByWordAnswer('timeline', { ...payloads, lyric: undefined }, false)).toEqual({ ok: false, reason: 'upstream has no word-by-word lyric for this song' });
    expect(lrcFallbackAnswer('qrc', '[00:01.00]a', '', 'why')).toEqual({ format: 'lrc', lyric: '[00:01.00]a', trans: '', message: 'why; this is the line-level LRC lyric' });
    expect(lrcFallbackAnswer('timeline', '[ti:T]\n[00:01.00]a\n[00:02.00]b', '[00:02.00]B', 'why')).toEqual({
      format: 'timeline',
      source: 'lrc',
      tags: { title: 'T', artist: '', album: '', offset: 0, by: '' },
      lines: [{ start: 1000, duration: 1000, text: 'a', words: [] }, { start: 2000, duration: 0, text: 'b', words: [], trans: 'B' }],
      message: 'why; this is the line-level LRC lyric',
    });
  });
});
