import { ENDPOINTS, LOST_WRITE, ownAccount, ownAccountRowAdvice, WRITE_LOGIN, type Endpoint } from '../support/endpoints';

/** test/support/endpoints.ts: the own-account rows by name, and what a write without a row is told to add. */
describe('own-account rows', () => {
  const write = { host: 'u' as const, path: '/cgi-bin/musicu.fcg', module: 'music.musicasset.PlaylistBaseWrite.EditPlaylist', format: 'musicu' as const };

  it('a write is a POST sent with the login, never retried, its write call named', () => {
    const row = ownAccount({ path: '/user/setThing', params: { id: { kind: 'numid', required: true } }, example: { id: '1' }, upstream: [write], write, documentedErrors: LOST_WRITE });
    expect(row).toEqual({
      name: 'setThing',
      family: 'user',
      method: 'POST',
      path: '/user/setThing',
      params: { id: { kind: 'numid', required: true } },
      example: { id: '1' },
      headers: WRITE_LOGIN,
      upstream: [write],
      idempotent: false,
      write,
      documentedErrors: LOST_WRITE,
    });
  });

  it('a state read (no write) is retried like any read', () => {
    const row = ownAccount({ method: 'GET', path: '/user/getThingState', params: {}, example: {}, upstream: [write] });
    expect(row).toMatchObject({ method: 'GET', idempotent: true, headers: WRITE_LOGIN });
    expect(row).not.toHaveProperty('write');
  });

  it('every write in the table names its write call and is not idempotent', () => {
    const writes = ENDPOINTS.filter((e) => e.method === 'POST' && e.headers === WRITE_LOGIN);
    expect(writes.length).toBeGreaterThan(10);
    expect(writes.filter((e) => !e.write || e.idempotent).map((e) => e.path)).toEqual(['/getIsSongFan']);
  });
});

describe('ownAccountRowAdvice (a write whose example is refused for want of a login)', () => {
  const derived: Endpoint = {
    name: 'setPlaylistDesc',
    family: 'library' as Endpoint['family'],
    method: 'POST',
    path: '/user/setPlaylistDesc',
    params: { dissid: { kind: 'numid', required: true }, desc: { kind: 'text', required: true }, notify: { kind: 'bool' } },
    example: { dissid: '7000001', desc: "It's summer", notify: false },
    upstream: [],
    idempotent: false,
  };

  it('names the table and gives the row with its fields, params and example filled in', () => {
    const advice = ownAccountRowAdvice(derived);
    expect(advice).toContain('Add its row to OWN_ACCOUNT_ROUTES in test/support/endpoints.ts');
    expect(advice).toContain(
      "  ownAccount({ path: '/user/setPlaylistDesc', params: { dissid: required('numid'), desc: required('text'), notify: { kind: 'bool' } }, " +
        "example: { dissid: '7000001', desc: 'It\\'s summer', notify: false }, upstream: [<every upstream call, first call first>], " +
        "write: musicu('<module.method of the call that changes the account>') }),",
    );
    expect(advice).toContain('documentedErrors: LOST_WRITE');
    expect(advice).not.toMatch(/DTO examples/);
  });

  it('a state read is told to add a GET row without a write', () => {
    const advice = ownAccountRowAdvice({ ...derived, method: 'GET', path: '/user/getThing', params: {}, example: {} });
    expect(advice).toContain("ownAccount({ method: 'GET', path: '/user/getThing', params: {}, example: {}, upstream: [<every upstream call, first call first>] })");
  });
});
