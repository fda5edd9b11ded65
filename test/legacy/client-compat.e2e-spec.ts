import { CLIENT_APPS } from '../../scripts/client-compat';
import { replayCall } from '../../scripts/client-compat/replay';
import { Harness, startHarness } from '../support/harness';

/**
 * Real apps written against the Koa qq-music-api services switch to the gateway by changing only their base URL:
 * every call each recorded app makes (scripts/client-compat/apps) is sent exactly as the app sends it to a gateway with
 * RESPONSE_SHAPE=legacy, and must answer 2xx with every field the app reads present.
 */
describe('client compatibility (RESPONSE_SHAPE=legacy)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { RESPONSE_SHAPE: 'legacy' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  describe.each(CLIENT_APPS.map((app) => [app.repo, app] as const))('%s', (_repo, app) => {
    it.each(app.calls.map((call) => [`${call.name}: ${call.method} ${call.path}`, call] as const))('%s', async (_name, call) => {
      const result = await replayCall({ url: h.url, state: h.fake.state }, call);
      expect(result.problems).toEqual([]);
    });
  });
});
