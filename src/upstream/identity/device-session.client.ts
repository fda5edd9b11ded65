import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';
import { UpstreamTransport } from '../transport/upstream-transport';
import { businessError, UpstreamError } from '../upstream.errors';
import { identityCallTimeout } from './qimei.client';
import { androidComm, androidUserAgent, type AndroidIdentity } from './comm-profiles';
import { isSessionSid, sessionUidOf } from './issued-values';

const MODULE = 'music.getSession.session';
const METHOD = 'GetSession';
const LABEL = `${MODULE}.${METHOD}`;

/**
 * The anonymous device session (docs/upstream/identity.md "Device session"): `GetSession` with the Android comm (its
 * QIMEI, no session yet), anonymous. Sent through the transport with its own envelope, as the musicu protocol needs
 * the session this call opens. Never logged: the sid is a device credential.
 */
@Injectable()
export class DeviceSessionClient {
  constructor(
    private readonly transport: UpstreamTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async open(identity: AndroidIdentity, previousUid: string): Promise<{ uid: string; sid: string }> {
    const body = JSON.stringify({
      comm: androidComm('', { ...identity, session: undefined }),
      req_0: { module: MODULE, method: METHOD, param: { uid: previousUid, vkey: 0, caller: 0 } },
    });
    const res = await this.transport.fetch(
      {
        host: 'u',
        path: '/cgi-bin/musicu.fcg',
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', 'User-Agent': androidUserAgent(identity.osRelease) },
        cookie: false,
        label: LABEL,
        timeoutMs: identityCallTimeout(this.config),
      },
      true,
    );
    let raw: Record<string, any> | undefined;
    try {
      raw = JSON.parse(res.text);
    } catch {
      raw = undefined;
    }
    const code = Number(raw?.code ?? 0) || Number(raw?.req_0?.code ?? 0);
    if (raw && code) throw this.transport.failed(res, businessError(code, LABEL));
    // The uid as digits and the sid as printable ASCII (issued-values.ts); anything else is no session.
    const session = raw?.req_0?.data?.session;
    const uid = sessionUidOf(session?.uid);
    const sid: unknown = session?.sid;
    if (uid === undefined || !isSessionSid(sid)) {
      throw this.transport.failed(res, new UpstreamError('bad_body', `Upstream ${LABEL} answered no session`, 'u', { target: LABEL }));
    }
    return { uid, sid };
  }
}
