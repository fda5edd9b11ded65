import { CanaryProbes } from '../../src/upstream/canary/canary-probes';
import { outcomeOfAnswer, outcomeOfError } from '../../src/upstream/canary/canary-outcome';
import { AREA_READS, CANARY_AREAS } from '../../src/upstream/shape/area-reads';
import { businessError, UpstreamError } from '../../src/upstream/upstream.errors';

describe('canary outcome of an answer', () => {
  const problem = { path: 'detail.data.song[0].title', declared: 'detail.data.song[].title', expected: 'string', got: 'undefined' };

  it('a fallback that answered wins: its answer is not held to the primary call’s declaration', () => {
    expect(outcomeOfAnswer(['music.musicToplist.Toplist.GetDetail'], () => problem)).toEqual({
      state: 'fallback',
      detail: 'answered by a fallback of music.musicToplist.Toplist.GetDetail',
    });
  });

  it('a declared field missing: changed, with the path in the answer', () => {
    expect(outcomeOfAnswer([], () => problem)).toEqual({ state: 'changed', detail: 'detail.data.song[0].title: expected string, got undefined' });
  });

  it('everything there: ok', () => {
    expect(outcomeOfAnswer([], () => undefined)).toEqual({ state: 'ok' });
  });
});

describe('canary outcome of a failure', () => {
  const failure = (kind: ConstructorParameters<typeof UpstreamError>[0], status?: number) =>
    new UpstreamError(kind, 'x', 'u', { status, target: 'm.M' });

  it.each([
    ['a business code', businessError(540321, 'music.pf_song_detail_svr.get_song_detail_yqq'), 'refused', 'code 540321 (music.pf_song_detail_svr.get_song_detail_yqq)'],
    ['a timeout', failure('timeout'), 'unreachable', 'timeout (m.M)'],
    ['a connection failure', failure('network'), 'unreachable', 'network (m.M)'],
    ['the breaker open', failure('circuit_open'), 'unreachable', 'circuit_open (m.M)'],
    ['a 5xx', failure('bad_status', 503), 'unreachable', 'HTTP 503 (m.M)'],
    ['a 4xx', failure('bad_status', 404), 'changed', 'HTTP 404 (m.M)'],
    ['an unreadable body', failure('bad_body'), 'changed', 'unreadable answer (m.M)'],
    ['a client that threw on the answer', new TypeError("Cannot read properties of undefined (reading 'list')"), 'changed', "the client failed on the answer: Cannot read properties of undefined (reading 'list')"],
  ])('%s', (_what, err, state, detail) => {
    expect(outcomeOfError(err)).toEqual({ state, detail });
  });
});

describe('canary probes', () => {
  it('each area calls the client method its declaration is about', () => {
    const clients = Array.from({ length: 8 }, () => ({}));
    const probes = new CanaryProbes(...(clients as ConstructorParameters<typeof CanaryProbes>));
    expect(CANARY_AREAS.map((area) => [area, probes.byArea[area].call])).toEqual(CANARY_AREAS.map((area) => [area, AREA_READS[area].call]));
  });
});
