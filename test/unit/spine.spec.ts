import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chartPeriod, isoWeek } from '../../src/upstream/clients/charts.params';
import { mapChartDetail, mapChartGroups } from '../../src/charts/charts.mapper';
import { cookieUin, hash33, parseCookie, serializeCookie } from '../../src/common/cookie';
import { parseQueryFirstValue } from '../../src/common/query-parser';
import { mapTrack } from '../../src/music/music.mapper';
import { looksLikeRefusal, parseJsonOrJsonp } from '../../src/upstream/parse';

const fx = (name: string) => JSON.parse(readFileSync(join(__dirname, '../../fake-upstream/fixtures', name), 'utf8'));

describe('chart period', () => {
  it('is a China-time date for the daily charts 4, 27, 62', () => {
    // 2026-11-21 20:00 UTC is already 2026-11-22 in China
    expect(chartPeriod(4, new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22');
    expect(chartPeriod(62, new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-21');
    expect(chartPeriod(27, new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01');
  });

  it('is <ISO week-year>_<ISO week> for weekly charts', () => {
    expect(chartPeriod(26, new Date('2026-11-22T04:00:00Z'))).toBe('2026_47');
    // 2027-01-01 is a Friday: it belongs to week 53 of 2026
    expect(chartPeriod(26, new Date('2027-01-01T04:00:00Z'))).toBe('2026_53');
    // 2024-12-30 is a Monday: week 1 of 2025
    expect(chartPeriod(208, new Date('2024-12-30T04:00:00Z'))).toBe('2025_1');
  });

  it('computes ISO weeks at year edges', () => {
    expect(isoWeek(new Date(Date.UTC(2021, 0, 3)))).toEqual({ year: 2020, week: 53 });
    expect(isoWeek(new Date(Date.UTC(2026, 0, 1)))).toEqual({ year: 2026, week: 1 });
  });
});

describe('JSON / JSONP parsing', () => {
  it('parses plain JSON, JSONP, JSONP with a semicolon and nested parentheses', () => {
    expect(parseJsonOrJsonp('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonOrJsonp('cb({"a":"(x)"})')).toEqual({ a: '(x)' });
    expect(parseJsonOrJsonp(' MusicJsonCallback({"a":[1,(2)]}) '.replace('(2)', '2'))).toEqual({ a: [1, 2] });
    expect(parseJsonOrJsonp('jsonCallback({"t":"f(g(h))"});')).toEqual({ t: 'f(g(h))' });
  });

  it('rejects HTML, garbage and empty bodies', () => {
    expect(() => parseJsonOrJsonp('<html></html>')).toThrow();
    expect(() => parseJsonOrJsonp('alert(1); cb({})')).toThrow();
    expect(() => parseJsonOrJsonp('')).toThrow();
    expect(() => parseJsonOrJsonp('{"a":')).toThrow();
  });

  it('recognises refusals', () => {
    expect(looksLikeRefusal('')).toBe(true);
    expect(looksLikeRefusal(' {} ')).toBe(true);
    expect(looksLikeRefusal('<!DOCTYPE html>')).toBe(true);
    expect(looksLikeRefusal('{"code":0}')).toBe(false);
  });
});

describe('cookies and hashes', () => {
  it('splits on the first = only and lets the last duplicate win', () => {
    expect(parseCookie('a=1; key=abc==; a=2; empty=; =x; novalue')).toEqual({ a: '2', key: 'abc==', empty: '' });
    expect(serializeCookie({ a: '1', b: '', c: 'x=y' })).toBe('a=1; c=x=y');
  });

  it('serializes pairs and Maps in their own order, integer-like names included, leaving out empty values', () => {
    expect(serializeCookie([['b', '1'], ['9', 'z'], ['e', ''], ['a', 'x=y']])).toBe('b=1; 9=z; a=x=y');
    expect(serializeCookie(new Map([['b', '1'], ['9', 'z']]))).toBe('b=1; 9=z');
    // A plain object follows JS key order, integer-like names first: why CookieJar hands over pairs.
    expect(serializeCookie({ b: '1', 9: 'z' })).toBe('9=z; b=1');
  });

  it('reads the account number from uin cookies', () => {
    expect(cookieUin(parseCookie('uin=o0123456789'))).toBe('123456789');
    expect(cookieUin(parseCookie('qqmusic_uin=1152921504622223955'))).toBe('1152921504622223955');
    expect(cookieUin(parseCookie('uin=garbage!'))).toBe('0');
    expect(cookieUin({})).toBe('0');
  });

  it('matches the known hash33 values (seed 0 and seed 5381)', () => {
    expect(hash33('abc')).toBe(108966);
    expect(hash33('abc', 5381)).toBe(193485963);
  });
});

describe('query parsing', () => {
  it('keeps the first value of repeated parameters and never builds objects', () => {
    expect(parseQueryFirstValue('a=1&a=2&b[c]=3&d=')).toEqual({ a: '1', 'b[c]': '3', d: '' });
  });
});

describe('chart mapping on the recorded payloads', () => {
  it('maps the genuine GetDetail rows (no MIDs) and aligned songInfoList MIDs', () => {
    const song = fx('musicu-toplist-getdetail.song.fragment.json');
    const mapped = mapChartDetail({ data: { topId: 4, title: '流行指数', period: '2026-11-22', song } }, 0);
    expect(mapped.topList).toEqual({ id: 4, name: '流行指数', period: '2026-11-22' });
    expect(mapped.songInfoList[0]).toEqual({ songId: 552706028, song_id: 552706028, songName: '大山', singerName: '王睿卓', rank: 1 });

    const withInfo = mapChartDetail(
      { data: { topId: 4, song }, songInfoList: [{ id: 552706028, mid: 'MID1' }, { id: 999, mid: 'WRONG' }] },
      0,
    );
    expect(withInfo.songInfoList[0].mid).toBe('MID1');
    expect(withInfo.songInfoList[1]).not.toHaveProperty('mid'); // ids disagree: not trusted
  });

  it('maps GetAll groups', () => {
    expect(mapChartGroups({ group: [{ groupId: 1, groupName: 'g', toplist: [{ topId: 4, title: 't', period: 'p', listenNum: 5 }] }] })).toEqual([
      { id: 1, name: 'g', charts: [{ id: 4, name: 't', period: 'p', updateTime: '', listen_num: 5, cover: '', desc: '', listenNum: 5, intro: '' }] },
    ]);
    expect(mapChartGroups({})).toEqual([]);
  });

  it('maps the genuine song detail track', () => {
    const track = fx('musicu-song-detail-yqq.json').req_0.data.track_info;
    expect(mapTrack(track)).toMatchObject({ id: 97773, mid: '0039MnYb0qxYhV', name: '晴天', mediaMid: '003Qui1q2u1Zho' });
    expect(mapTrack({ id: 0, mid: '' })).toBeNull();
  });
});
