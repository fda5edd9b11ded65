import type { Fault } from '../../fake-upstream/fake-upstream';
import { addFakeUser } from '../../fake-upstream/handlers/user';
import { Harness, startHarness, withUpstreamTimeout } from '../support/harness';
import { ADD_PLAYLIST, cookieOf, DEL_PLAYLIST, EDIT_PLAYLIST, LIKE, libraryUser, songAt, UNLIKE } from './library-fixtures';

/**
 * What the robustness suites (whose rows send these writes with a login) cannot express: a hung write, and upstream's
 * refusal codes on the write key when a lookup comes first (their faults break the first call), each with retries on;
 * and that a hostile body field is refused before upstream, or applied once. test/robustness/faults.e2e-spec.ts
 * checks the reset, 5xx and garbage on the write call, and the faults of the first call.
 */
const UIN = '20001';
const COOKIE = cookieOf(UIN);
const LIST = '8100000001';

const WRITES: [string, object, string][] = [
  ['/user/setSongLike', { songmid: songAt(0).mid, like: true }, LIKE],
  ['/user/createPlaylist', { name: 'Faulty' }, ADD_PLAYLIST],
  ['/user/renamePlaylist', { dissid: LIST, name: 'Faulty' }, EDIT_PLAYLIST],
  ['/user/deletePlaylist', { dissid: LIST }, DEL_PLAYLIST],
  ['/user/addPlaylistSongs', { dissid: LIST, songmids: [songAt(0).mid] }, LIKE],
  ['/user/removePlaylistSongs', { dissid: LIST, songmids: [songAt(0).mid] }, UNLIKE],
  ['/setFav', { songs: [{ songId: songAt(0).id }], isFan: false }, LIKE],
];

/** Fault on the write call → the answer; a timeout may have landed, the rest are upstream's refusals. */
const FAULTS: [string, Fault, number, string][] = [
  ['hang', { kind: 'hang' }, 504, 'WRITE_OUTCOME_UNKNOWN'],
  ['1000 on the key', { kind: 'business', code: 1000 }, 401, 'LOGIN_EXPIRED'],
  ['2001 on the key', { kind: 'business', code: 2001 }, 503, 'UPSTREAM_RATE_LIMITED'],
  ['500026 on the key', { kind: 'business', code: 500026 }, 502, 'WRITE_REFUSED'],
];

describe('library writes under upstream faults and hostile input', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_RETRIES: '2' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    addFakeUser(h.fake.state, libraryUser(UIN, 'Alice', 8100000000));
  });

  describe.each(WRITES)('%s', (path, body, writeCall) => {
    it.each(FAULTS)('%s on the write: the documented answer, and the write was sent exactly once', async (_name, fault, status, errorCode) => {
      h.fake.fault(fault, { module: writeCall });
      const res = await withUpstreamTimeout(h, 400, () => h.http().post(path).set('Cookie', COOKIE).send(body));
      expect({ status: res.status, errorCode: res.body.errorCode }).toEqual({ status, errorCode });
      expect(h.fake.musicuCalls(writeCall)).toHaveLength(1);
      expect(JSON.stringify(res.body)).not.toContain('Q_H_L_');
    });
  });

  const HOSTILE: unknown[] = [null, '', ' ', 0, -1, Number.POSITIVE_INFINITY, 'a\r\nSet-Cookie: x=1', '\u0000', '../../etc/passwd', '😀', { $ne: 1 }, [[]], 'x'.repeat(5000), true];
  it.each(WRITES)('%s: hostile values in each body field are 4xx (never 5xx) and nothing reaches upstream', async (path, body) => {
    for (const field of Object.keys(body)) {
      for (const value of HOSTILE) {
        h.fake.reset();
        const res = await h.http().post(path).set('Cookie', COOKIE).send({ ...body, [field]: value });
        const writes = h.fake.musicuCalls().filter((c) => c.module.startsWith('music.musicasset'));
        if (res.status === 200) {
          // a value the route reads as valid (an emoji name is a name): it was applied, nothing else
          expect({ path, field, value, writes: writes.length }).toEqual({ path, field, value, writes: 1 });
          continue;
        }
        expect({ path, field, value, status: res.status < 500, errorCode: typeof res.body.errorCode }).toEqual({ path, field, value, status: true, errorCode: 'string' });
        if (res.status === 400) {
          expect({ path, field, value, requests: h.fake.requests.length }).toEqual({ path, field, value, requests: 0 });
          expect(res.body.error).toContain(field);
        }
      }
    }
  });
});
