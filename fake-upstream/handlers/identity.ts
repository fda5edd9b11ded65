import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { FakeRoutes } from '../fake-upstream';

/**
 * The identity services (docs/upstream/identity.md): Tencent's QIMEI service and musicu's anonymous device session.
 * No recording exists; built from what the Python QQMusicApi project sends and reads (2026-07). What they issue is
 * tagged with a key only the fake knows, so every fake (and a restarted one, as the real service does) recognises a
 * QIMEI or session it issued, and nothing else: the Android-comm calls are refused with 104009 without them.
 */
const FAKE_ISSUER_KEY = 'fake-upstream identity issuer';
const tag = (text: string, length: number) => createHmac('sha256', FAKE_ISSUER_KEY).update(text).digest('hex').slice(0, length);
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The signing constants of the QIMEI request, as the Android SDK has them (the fake checks both signatures). */
const APP_ID = 'qimei_qq_android';
const HEADER_SECRET = 'pzAuCmaFAaFaHrdakPjLIEqKrGnSOOvH';
const PARAMS_SECRET = 'ZdJqM15EeO2zWc08';

/** A QIMEI36 this fake issued: 24 random hex digits and 12 of tag. */
export function issuedQimei36(q36: unknown): boolean {
  return typeof q36 === 'string' && /^[0-9a-f]{36}$/.test(q36) && tag(q36.slice(0, 24), 12) === q36.slice(24);
}

/** A session sid this fake issued for that QIMEI36. */
export function issuedSid(sid: unknown, q36: unknown): boolean {
  return typeof sid === 'string' && /^[0-9a-f]{32}$/.test(sid) && tag(`${String(q36)}:${sid.slice(0, 16)}`, 16) === sid.slice(16);
}

/**
 * Why an Android-comm envelope (ct 11) would be refused with 104009, or undefined when it carries a QIMEI and a
 * session this fake issued. `sessionRequest`: the GetSession call itself, which needs the QIMEI only.
 */
export function identityRefusal(comm: Record<string, unknown> | undefined, sessionRequest = false): string | undefined {
  if (Number(comm?.ct) !== 11) return undefined;
  if (!issuedQimei36(comm?.QIMEI36)) return 'no QIMEI36 the QIMEI service issued';
  if (sessionRequest) return undefined;
  if (!issuedSid(comm?.sid, comm?.QIMEI36)) return 'no device session (sid) issued for this QIMEI';
  return undefined;
}

function newQimei(): { q16: string; q36: string } {
  const head = randomBytes(12).toString('hex');
  const q36 = head + tag(head, 12);
  return { q16: q36.slice(0, 16), q36 };
}

export const identityRoutes: FakeRoutes = {
  http: {
    /**
     * The QIMEI proxy: POST JSON `{app, os, qimeiParams: {key, params, time, nonce, sign, extra}}` with the headers
     * `method`, `service`, `appid`, `timestamp` and `sign` = md5(appid + secret + timestamp). The RSA-wrapped AES key
     * cannot be opened here (Tencent keeps the private key), so the fake checks the form and both signatures.
     * Answers `{code: 0, data: "<JSON text of {code: 0, data: {q16, q36}}>"}`.
     */
    'qimei /tme/trpc/proxy': ({ req }) => {
      const refuse = (message: string) => ({ status: 200, json: { code: -1, msg: message } });
      if (req.method !== 'POST') return { status: 405, text: 'method not allowed' };
      const h = req.headers;
      if (h.method !== 'GetQimei' || h.service !== 'trpc.tme_datasvr.qimeiproxy.QimeiProxy' || h.appid !== APP_ID) return refuse('unknown service');
      if (h.sign !== md5(`${APP_ID}${HEADER_SECRET}${String(h.timestamp)}`)) return refuse('bad header sign');
      let body: any;
      try {
        body = JSON.parse(req.body);
      } catch {
        return refuse('body is not JSON');
      }
      const p = body?.qimeiParams;
      if (!p || typeof p.key !== 'string' || typeof p.params !== 'string' || typeof p.nonce !== 'string' || typeof p.extra !== 'string') return refuse('missing qimeiParams');
      if (Buffer.from(p.key, 'base64').length !== 128) return refuse('key is not a 1024-bit RSA block');
      const params = Buffer.from(p.params, 'base64');
      if (params.length === 0 || params.length % 16 !== 0) return refuse('params is not AES-CBC');
      if (p.sign !== md5(`${p.key}${p.params}${Number(p.time) * 1000}${p.nonce}${PARAMS_SECRET}${p.extra}`)) return refuse('bad params sign');
      return { json: { code: 0, data: JSON.stringify({ code: 0, data: newQimei() }) } };
    },
  },
  musicu: {
    /** `{uid, vkey, caller}` with the Android comm and an issued QIMEI → `{session: {uid, sid, vkey}}`. */
    'music.getSession.session.GetSession': (param, { comm }) => {
      if (identityRefusal(comm, true)) return { code: 104009, data: {} };
      const uid = /^\d{6,}$/.test(String(param.uid ?? '')) ? String(param.uid) : String(randomInt(1_000_000_000, 9_999_999_999));
      const head = randomBytes(8).toString('hex');
      return { code: 0, data: { session: { uid, sid: head + tag(`${comm.QIMEI36}:${head}`, 16), vkey: '' } } };
    },
  },
};
