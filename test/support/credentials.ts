import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import type { FakeRoutes, MusicuHandler } from '../../fake-upstream/fake-upstream';
import { ROUTES } from '../../fake-upstream/handlers';
import { Harness, startHarness } from './harness';
import { TEST_REDIS_URL } from './redis';

/**
 * Shared by the credentials specs. The probe endpoint is /getRanks (music.musicToplist.Toplist.GetDetail); the fake
 * answers it 1000 for any key in `expiredKeys`, as upstream does for a dead musickey, and normally otherwise.
 */
export const expiredKeys = new Set<string>();
export const DETAIL = 'music.musicToplist.Toplist.GetDetail';
export const LOGIN = 'music.login.LoginServer.Login';
const realDetail: MusicuHandler = Object.assign({}, ...ROUTES.map((r) => r.musicu ?? {}))[DETAIL];
export const probeRoutes: FakeRoutes = {
  musicu: {
    [DETAIL]: (param, ctx) => (expiredKeys.has(ctx.comm.authst) ? { code: 1000, data: {} } : realDetail(param, ctx)),
  },
};

export const QQ_UIN = '1503255237';
export const OLD_KEY = 'Q_H_L_oldKeyAAAA+/==';
export const TOKEN = 'admin-token-0123456789abcdef';

/** A stored QQ login with the full credential; `createdAgoS` seconds after its creation (lifetime 259200 s). */
export function qqLogin(createdAgoS = 100, extra: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    cookie: `uin=o${QQ_UIN}; p_skey=PSKEY; qqmusic_uin=${QQ_UIN}; qqmusic_key=${OLD_KEY}; qm_keyst=${OLD_KEY}; euin=oKEncOLD**; tmeLoginType=2`,
    uin: QQ_UIN,
    credential: {
      musicid: QQ_UIN,
      str_musicid: QQ_UIN,
      musickey: OLD_KEY,
      refresh_key: 'RK_old',
      refresh_token: 'RT_old',
      openid: 'OPENID_old',
      access_token: 'AT_old',
      expired_at: now + 7776000,
      encryptUin: 'oKEncOLD**',
      loginType: 2,
      musickeyCreateTime: now - createdAgoS,
      keyExpiresIn: 259200,
      ...extra,
    },
  };
}


export const REDIS_URL = TEST_REDIS_URL;

export interface RedisPair {
  a: Harness;
  b: Harness;
  redis: Redis;
  /** This run's credential key (and its lock keys below it): nothing else in the machine's Redis is touched. */
  key: string;
}

/**
 * Two gateway instances sharing one credential record in the machine's Redis (127.0.0.1:6379), each with its own fake
 * upstream; registers the hooks that start them, reset both fakes and the record before each test, and clean up.
 * With `logs`, instance a logs at info into it (emptied before each test).
 */
export function redisPair(options: { logs?: string[] } = {}): RedisPair {
  const pair = { key: `test:credential:${randomBytes(6).toString('hex')}` } as RedisPair;
  beforeAll(async () => {
    pair.redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await pair.redis.connect();
    // No stall is tested with the pair: a generous bound keeps a busy machine from making Redis look stalled.
    const env = { REDIS_URL, REDIS_TIMEOUT_MS: '5000', CREDENTIAL_REDIS_KEY: pair.key, CREDENTIAL_SYNC_MS: '0', ADMIN_TOKEN: TOKEN, LOGIN_PERSIST_COOKIE: 'true' };
    const logs = options.logs;
    pair.a = await startHarness(logs ? { env: { ...env, LOG_LEVEL: 'info' }, routes: [probeRoutes], logs } : { env, routes: [probeRoutes] });
    pair.b = await startHarness({ env, routes: [probeRoutes] });
  }, 120_000);
  afterAll(async () => {
    await pair.a?.close();
    await pair.b?.close();
    if (pair.redis) {
      const keys = await pair.redis.keys(`${pair.key}*`);
      if (keys.length) await pair.redis.del(...keys);
      await pair.redis.quit();
    }
  }, 120_000);
  beforeEach(async () => {
    pair.a.fake.reset();
    pair.b.fake.reset();
    expiredKeys.clear();
    if (options.logs) options.logs.length = 0;
    await pair.redis.del(pair.key, `${pair.key}:lock:${QQ_UIN}`);
  }, 120_000);
  return pair;
}
