import { randomInt } from 'node:crypto';
import { addFakeUser } from '../../fake-upstream/handlers/user';
import { Harness, startHarness } from '../support/harness';
import { cookieOf, libraryUser, songAt } from '../library/library-fixtures';

/**
 * A numeric id has one canonical form (docs/decisions/017-cache-key-and-limits.md, its revision for numeric
 * parameters): digits, surrounding whitespace and leading zeros dropped. The cache key, the invalidation tag and the
 * upstream call all see that form, so two spellings of one id share one entry and a write invalidates both; what is not
 * plain digits is 400.
 */
const CHART_DETAIL = 'music.musicToplist.Toplist.GetDetail';
const PLAYLIST_DETAIL = 'music.srfDissInfo.DissInfo.CgiGetDiss';

describe('Canonical numeric ids (cache on)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true' } });
  });
  afterAll(() => h?.close());
  beforeEach(() => h.fake.reset());

  it('topId spelt with leading zeros or surrounding spaces: one entry, one upstream call, for chart 4', async () => {
    const spellings = ['4', '04', '004', ' 4', '4 ', '\t0004'];
    const caches: string[] = [];
    for (const topId of spellings) {
      const res = await h.http().get('/getRanks').query({ topId, limit: '3' }).expect(200);
      caches.push(res.headers['x-cache']);
    }
    expect(caches).toEqual(['MISS', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT']);
    expect(h.fake.musicuCalls(CHART_DETAIL).map((c) => c.param.topId)).toEqual([4]);
  });

  it.each(['+4', '4.0', '0x4', '4e0', '4 4', '٤', '-04'])('topId=%j is no plain number: 400 naming topId, no upstream call', async (topId) => {
    const res = await h.http().get('/getRanks').query({ topId, limit: '3' }).expect(400);
    expect(res.body).toMatchObject({ errorCode: 'BAD_REQUEST', error: expect.stringMatching(/^topId /) });
    expect(h.fake.requests).toEqual([]);
  });

  it('disstid with leading zeros shares the plain spelling\'s entry, and a write by either spelling drops it', async () => {
    const uin = String(randomInt(40_000_000, 49_999_999));
    const cookie = cookieOf(uin);
    addFakeUser(h.fake.state, libraryUser(uin, 'Padded', Number(uin) * 10));
    const dissid = String(Number(uin) * 10 + 1);
    const read = (disstid: string) => h.http().get('/getSongListDetail').query({ disstid, limit: '10' }).set('Cookie', cookie).expect(200);

    const padded = await read(`0${dissid}`);
    const plain = await read(dissid);
    expect([padded.headers['x-cache'], plain.headers['x-cache'], plain.body.data.total]).toEqual(['MISS', 'HIT', 3]);
    expect(padded.body.data.disstid).toBe(dissid);

    // The write names the playlist with zeros of its own: its invalidation still reaches the one entry.
    await h.http().post('/user/addPlaylistSongs').set('Cookie', cookie).send({ dissid: `00${dissid}`, songmids: [songAt(0).mid] }).expect(200);
    for (const disstid of [`0${dissid}`, dissid]) {
      const after = await read(disstid);
      expect({ disstid, total: after.body.data.total }).toEqual({ disstid, total: 4 });
    }
    expect(h.fake.musicuCalls(PLAYLIST_DETAIL).map((c) => c.param.disstid)).toEqual([Number(dissid), Number(dissid)]);
  });
});
