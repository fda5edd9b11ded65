import { decodeBase64Text, parseLrc, timeTagToMs } from '../../src/music/lyric';
import { fixture } from '../../fake-upstream/fixtures';

describe('lyric parsing', () => {
  it('converts time tags with 0–3 fraction digits as decimals (not ×10 for 3 digits, unlike sansenjian/qq-music-api)', () => {
    expect(timeTagToMs('00', '01')).toBe(1000);
    expect(timeTagToMs('01', '02', '5')).toBe(62500);
    expect(timeTagToMs('01', '02', '05')).toBe(62050);
    expect(timeTagToMs('01', '02', '50')).toBe(62500);
    expect(timeTagToMs('01', '02', '050')).toBe(62050);
    expect(timeTagToMs('01', '02', '123')).toBe(62123);
    expect(timeTagToMs('100', '00', '00')).toBe(6000000);
  });

  it('reads tags, splits several time tags on one line, sorts by time and drops empty lines', () => {
    const text = [
      '[ti:Title]',
      '[ar:Artist]',
      '[al:Album]',
      '[by:someone]',
      '[offset:+150]',
      '[00:10.00][00:02.345]chorus',
      '[00:05]verse',
      '[00:06.50]',
      '[00:07.1]  ',
      'no tag here',
      '[00:01.20]first',
    ].join('\r\n');
    const parsed = parseLrc(text);
    expect(parsed.lyric).toBe(text);
    expect(parsed.tags).toEqual({ title: 'Title', artist: 'Artist', album: 'Album', offset: 150, by: 'someone' });
    expect(parsed.lines).toEqual([
      { time: 1200, text: 'first', txt: 'first' },
      { time: 2345, text: 'chorus', txt: 'chorus' },
      { time: 5000, text: 'verse', txt: 'verse' },
      { time: 10000, text: 'chorus', txt: 'chorus' },
    ]);
  });

  it('keeps text that contains brackets after the time tags', () => {
    expect(parseLrc('[00:01.00]Hello [world] (live)').lines).toEqual([{ time: 1000, text: 'Hello [world] (live)', txt: 'Hello [world] (live)' }]);
  });

  it('gives empty tags and no lines for an empty lyric; a bad offset counts as 0', () => {
    expect(parseLrc('')).toEqual({ lyric: '', tags: { title: '', artist: '', album: '', offset: 0, by: '' }, lines: [] });
    expect(parseLrc('[offset:abc]').tags.offset).toBe(0);
  });

  it('decodes base64 to UTF-8 (the genuine fixture and Chinese text)', () => {
    const body = fixture('c-fcg-query-lyric-new.json');
    const text = decodeBase64Text(body.lyric);
    expect(text.split('\n').slice(0, 3)).toEqual(['[ti:White Gloves]', '[ar:Khruangbin]', '[al:The Universe Smiles Upon You]']);
    expect(decodeBase64Text(Buffer.from('[00:01.00]晴天', 'utf8').toString('base64'))).toBe('[00:01.00]晴天');
    expect(decodeBase64Text('')).toBe('');
    expect(decodeBase64Text(undefined)).toBe('');
    const parsed = parseLrc(text);
    expect(parsed.lines).toHaveLength(20);
    expect(parsed.lines[0]).toEqual({ time: 180, text: 'White Gloves - Khruangbin', txt: 'White Gloves - Khruangbin' });
    expect(parsed.lines.every((l, i, all) => i === 0 || all[i - 1].time <= l.time)).toBe(true);
  });
});
