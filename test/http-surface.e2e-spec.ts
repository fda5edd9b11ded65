import { Harness, startHarness } from './support/harness';

/**
 * The gateway's HTTP surface as a client developer meets it (found by a client-developer audit of the offline demo):
 * what a 404 names, which bodies are read, what may be cached downstream, what a browser may read, and the words of
 * body and upstream errors.
 */

const ADMIN = 'admin-token-http-surface-1234';
const SECRET = 'Q_H_L_SECRETsurface9876';
const COOKIE_QUERY = `cookie=${encodeURIComponent(`uin=o123; qqmusic_key=${SECRET}`)}`;

describe('A 404 names the method and path, never the query (which may hold the cookie)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it.each([
    ['GET', `/nope?${COOKIE_QUERY}`, 'Cannot GET /nope'],
    ['GET', `/getRanks/x?${COOKIE_QUERY}&token=abc123token`, 'Cannot GET /getRanks/x'],
    ['HEAD', `/nope?${COOKIE_QUERY}`, '(no body)'],
    ['POST', `/nope?${COOKIE_QUERY}`, 'Cannot POST /nope'],
    // admin-only while ADMIN_TOKEN is unset: no such route for any method
    ['DELETE', `/user/setCookie?${COOKIE_QUERY}`, 'Cannot DELETE /user/setCookie'],
    ['GET', `/user/getCookie?${COOKIE_QUERY}`, 'Cannot GET /user/getCookie'],
  ])('%s %s → 404 "%s"', async (method, url, error) => {
    const res = await h.http()[method.toLowerCase() as 'get'](url).expect(404);
    expect(res.text ?? '').not.toMatch(/SECRET|qqmusic_key|abc123token|cookie=/i);
    if (method !== 'HEAD') expect(res.body).toEqual({ error, errorCode: 'NOT_FOUND' });
  });

  it('a known path with another method still answers 405 with Allow, naming the path only', async () => {
    const res = await h.http().put(`/getRanks?${COOKIE_QUERY}`).expect(405);
    expect(res.body).toEqual({ error: 'Method PUT is not allowed on /getRanks; use GET, HEAD', errorCode: 'METHOD_NOT_ALLOWED' });
  });
});
