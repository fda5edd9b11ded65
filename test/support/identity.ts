import { issuedQimei36 } from '../../fake-upstream/handlers/identity';

/** An asymmetric matcher: any value `test` accepts (jest calls `asymmetricMatch`). */
const satisfying = (name: string, test: (value: unknown) => boolean) => ({
  asymmetricMatch: test,
  toString: () => name,
  toAsymmetricMatcher: () => name,
});

const hex = (length: number) => expect.stringMatching(new RegExp(`^[0-9a-f]{${length}}$`));

/**
 * The whole Android comm of an anonymous call, as the gateway sends it with the identity the fake issued
 * (docs/upstream/identity.md "Comm profiles"); spread `login` in for a logged-in call (`qq`, `authst`, `tmeLoginType`).
 */
export function issuedAndroidComm(login: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ct: 11,
    cv: 14090008,
    v: 14090008,
    chid: '10003505',
    tmeAppID: 'qqmusic',
    ...login,
    QIMEI: hex(16),
    QIMEI36: satisfying('a QIMEI36 the fake issued', issuedQimei36),
    OpenUDID: hex(32),
    OpenUDID2: hex(32),
    udid: hex(32),
    aid: hex(16),
    os_ver: '10',
    phonetype: 'MI 6',
    devicelevel: '29',
    newdevicelevel: '29',
    rom: expect.stringMatching(/^xiaomi\//),
    uid: expect.stringMatching(/^\d{6,}$/),
    sid: hex(32),
  };
}
