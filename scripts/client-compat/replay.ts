import { qqConfirm } from '../../fake-upstream/handlers/login';
import type { FakeState } from '../../fake-upstream/state';
import { checkRead } from './reads';
import type { ClientCall } from './types';

/** The account the fake's user handlers know with a login key (the seed's 10001, as test/user/user.e2e-spec.ts uses). */
export const LOGIN_UIN = '10001';
const KEY = 'Q_H_L_5fakeMusicKeyAbc123';
/** With the QQ web session (p_skey) a QQ login carries: following a singer needs it. */
export const LOGIN_COOKIE = `uin=o00${LOGIN_UIN}; qqmusic_uin=${LOGIN_UIN}; qqmusic_key=${KEY}; qm_keyst=${KEY}; p_skey=fakeClientPskey`;

export interface ReplayTarget {
  /** Base URL of a gateway running in the legacy shape against the fake upstream. */
  url: string;
  state: FakeState;
}

export interface ReplayResult {
  status: number;
  /** Empty when the call works for the app: a 2xx and every read resolves. */
  problems: string[];
}

async function placeholders(target: ReplayTarget, call: ClientCall): Promise<Record<string, string>> {
  if (call.setup === 'login-cookie') return { $uin: LOGIN_UIN, $cookie: LOGIN_COOKIE };
  if (call.setup === 'qq-login-confirmed') {
    const qr = (await (await fetch(`${target.url}/getQQLoginQr`)).json()) as { qrsig: string; ptqrtoken: string };
    qqConfirm(target.state, qr.qrsig);
    return { $qrsig: qr.qrsig, $ptqrtoken: String(qr.ptqrtoken) };
  }
  return {};
}

function fill<T>(value: T, vars: Record<string, string>): T {
  if (typeof value === 'string') return (vars[value] ?? value) as T;
  if (Array.isArray(value)) return value.map((v) => fill(v, vars)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)])) as T;
  return value;
}

/** Sends the call as the app sends it (path kept byte for byte, doubled slash included) and checks its reads. */
export async function replayCall(target: ReplayTarget, call: ClientCall): Promise<ReplayResult> {
  const vars = await placeholders(target, call);
  const query = call.query ? `?${new URLSearchParams(fill(call.query, vars)).toString()}` : '';
  const headers: Record<string, string> = fill(call.headers ?? {}, vars);
  let body: string | undefined;
  if (call.body) {
    const filled = fill(call.body, vars);
    if (call.contentType === 'form') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(filled as Record<string, string>).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(filled);
    }
  }
  const res = await fetch(`${target.url}${call.path}${query}`, { method: call.method, headers, body });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) return { status: res.status, problems: [`HTTP ${res.status}: ${text.slice(0, 300)}`] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { status: res.status, problems: [`not JSON: ${text.slice(0, 100)}`] };
  }
  return { status: res.status, problems: call.reads.flatMap((read) => checkRead(json, read)) };
}
