/**
 * The declarations of src/upstream/shape/area-reads.ts cannot drift from the mappers: per canary area, the real client
 * asks the fake upstream (over loopback, no app) and
 * - the fake's answer has every declared field;
 * - served with ONLY the declared fields, the answer maps exactly as before (a field the mapper reads but nobody
 *   declared would be missing and change the output);
 * - served without any one required field, the check names that field, the sampled live check counts it, and the
 *   gateway's answer changes (or the client falls back or fails): no required field is declared for nothing.
 */
import { BackgroundWork } from '../../src/common/background-work';
import { Clock } from '../../src/common/clock';
import { ClientIdentity } from '../../src/upstream/identity/client-identity.service';
import { DeviceSessionClient } from '../../src/upstream/identity/device-session.client';
import { QimeiClient } from '../../src/upstream/identity/qimei.client';
import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeUpstream, type FakeReply, type FakeRoutes, type HttpHandler, type MusicuHandler } from '../../fake-upstream/fake-upstream';
import { ROUTES } from '../../fake-upstream/handlers';
import { chartExists, mapChartDetail } from '../../src/charts/charts.mapper';
import { CookieFileService } from '../../src/config/cookie-file.service';
import { loadAppConfig } from '../../src/config/app-config';
import { MetricsService } from '../../src/metrics/metrics.service';
import { decodeBase64Text } from '../../src/music/lyric';
import { mapTrack } from '../../src/music/music.mapper';
import { availableQualities, pickStreamHost } from '../../src/music/play-url';
import { groupPlayLists, mapMvInfo, mvUrlEntry } from '../../src/mv/mv.mapper';
import { mapDissInfo } from '../../src/playlists/playlists.mapper';
import { mapSingerSong } from '../../src/singers/singers.mapper';
import { ChartsClient } from '../../src/upstream/clients/charts.client';
import { CommentsClient } from '../../src/upstream/clients/comments.client';
import type { LoginImage } from '../../src/upstream/clients/login.client';
import { MusicClient } from '../../src/upstream/clients/music.client';
import { MvClient } from '../../src/upstream/clients/mv.client';
import { PlaylistsClient } from '../../src/upstream/clients/playlists.client';
import { QqLoginClient } from '../../src/upstream/clients/qq-login.client';
import { SearchClient } from '../../src/upstream/clients/search.client';
import { SingersClient } from '../../src/upstream/clients/singers.client';
import { CookieChoice } from '../../src/upstream/credential/cookie-choice';
import { CgiProtocol } from '../../src/upstream/protocol/cgi.protocol';
import { MusicuProtocol } from '../../src/upstream/protocol/musicu.protocol';
import { AREA_READS, CANARY_AREAS, type CanaryArea, checkArea } from '../../src/upstream/shape/area-reads';
import { noteFallback, UpstreamFallbacks, witnessFallbacksSettled } from '../../src/upstream/shape/fallback-witness';
import { checkShape, pruneToSpec, withoutPath } from '../../src/upstream/shape/shape';
import { UpstreamShapeWatch } from '../../src/upstream/shape/shape-watch';
import { UpstreamReachability } from '../../src/upstream/transport/upstream-reachability';
import { UpstreamTransport } from '../../src/upstream/transport/upstream-transport';

type Raw = Record<string, any>;
type Clients = {
  charts: ChartsClient;
  search: SearchClient;
  music: MusicClient;
  singers: SingersClient;
  playlists: PlaylistsClient;
  comments: CommentsClient;
  mv: MvClient;
  qq: QqLoginClient;
  identity: ClientIdentity;
};

/** One canary area: its client call, where each upstream payload sits in the call's answer, and what the gateway maps. */
interface AreaCase {
  area: CanaryArea;
  call: (c: Clients) => Promise<any>;
  /** Fake route (musicu `module.method`, or `<host> <path>`) → that call's payload (musicu key data, or HTTP reply). */
  serve: Record<string, (answer: any) => unknown>;
  /** What the gateway answers from the call's answer (the mappers the services use). */
  map: (answer: any) => unknown;
  /**
   * The identity services' answers reach no caller, so no live answer of them is sampled: a field missing there fails
   * the identity client itself (the canary's `changed`).
   */
  notSampledLive?: true;
  /** More calls whose pruned answers must map the same (other content the mapper reads differently). */
  alsoPrune?: ((c: Clients) => Promise<any>)[];
}

const SONG_MID = '0039MnYb0qxYhV';
const MV_VID = 'l0031ejo935';
const DISSTID = '7024415872';

const CASES: AreaCase[] = [
  {
    area: 'charts',
    // Chart 26 lists its songs in data.song only; chart 62 also sends songInfoList (the MIDs).
    call: (c) => c.charts.detail(26, 0, 10),
    alsoPrune: [(c) => c.charts.detail(62, 0, 10)],
    serve: { 'music.musicToplist.Toplist.GetDetail': (a) => a.detail },
    map: (a) => ({ exists: chartExists(a.detail), page: mapChartDetail(a.detail, 0) }),
  },
  {
    area: 'search',
    call: (c) => c.search.search({ key: '周杰伦', type: 'song', pageNum: 1, perPage: 10 }),
    serve: { 'music.search.SearchCgiService.DoSearchForQQMusicDesktop': (a) => a.raw.req.data },
    map: (a) => a.result,
  },
  {
    area: 'song',
    call: (c) => c.music.songDetail({ mid: SONG_MID }),
    serve: { 'music.pf_song_detail_svr.get_song_detail_yqq': (a) => a.songinfo },
    map: (a) => ({ song: mapTrack(a.songinfo.track_info), qualities: availableQualities(a.songinfo.track_info?.file) }),
  },
  {
    area: 'lyric',
    call: (c) => c.music.lyric(SONG_MID),
    serve: { 'c /lyric/fcgi-bin/fcg_query_lyric_new.fcg': (a): FakeReply => ({ json: a.raw }) },
    map: (a) => ({ noLyric: a.noLyric, lyric: decodeBase64Text(a.raw.lyric), trans: decodeBase64Text(a.raw.trans) }),
  },
  {
    area: 'playUrl',
    call: (c) => c.music.vkeys([`M500${SONG_MID}.mp3`], [SONG_MID]),
    serve: { 'music.vkey.GetVkey.UrlGetVkey': (a) => a.raw.req_0.data },
    // What play-url.service.ts reads of the batch: each entry by file name (else song MID), its path and result code.
    map: (a) => {
      const entry = (e: Raw) => ({ path: String(e.purl || e.wifiurl || ''), result: e.result });
      return {
        byFilename: [...a.byFilename].map(([name, e]: [string, Raw]) => [name, entry(e)]),
        nameless: a.nameless.map((e: Raw) => [e.songmid, entry(e)]),
        host: pickStreamHost(a.sip),
      };
    },
  },
  {
    area: 'singer',
    call: (c) => c.singers.hotSongs('0025NhlN2yWrP4', 0, 5),
    serve: { 'musichall.song_list_server.GetSingerSongList': (a) => a.raw.songs.data },
    map: (a) => ({ songs: a.data.songs.map(mapSingerSong), total: a.data.total }),
  },
  {
    area: 'playlist',
    call: (c) => c.playlists.detail(DISSTID, 0, 5),
    serve: { 'music.srfDissInfo.DissInfo.CgiGetDiss': (a) => a.dissInfo },
    map: (a) => (a.source === 'musicu' ? mapDissInfo(a.dissInfo, DISSTID) : { source: a.source }),
  },
  {
    area: 'comments',
    call: (c) => c.comments.page({ id: '97773', cursor: '', pageSize: 5, pageNum: 0, reqtype: 2, biztype: 1 }),
    serve: { 'music.globalComment.CommentRead.GetNewCommentList': (a) => a.raw.comments.data },
    map: (a) => a.page,
  },
  {
    area: 'mv',
    call: (c) => c.mv.playUrls(MV_VID),
    serve: {
      'music.stream.MvUrlProxy.GetMvUrls': (a) => a.urls,
      'video.VideoDataServer.get_video_info_batch': (a) => a.info,
    },
    map: (a) => ({ playLists: groupPlayLists(mvUrlEntry(a.urls, MV_VID)), info: mapMvInfo(a.info, MV_VID) }),
  },
  {
    area: 'login',
    call: (c) => c.qq.qrImage(),
    serve: {
      'ptlogin /ptqrshow': (a: Partial<LoginImage>): FakeReply => ({
        status: a.status,
        body: a.body,
        headers: { 'Content-Type': 'image/png', ...(a.setCookies?.length ? { 'Set-Cookie': a.setCookies } : {}) },
      }),
    },
    // What main-login.service.ts answers from it: the image as a data URL and the qrsig cookie.
    map: (a: LoginImage) => ({
      ok: a.status >= 200 && a.status < 300 && a.body.length > 0,
      img: a.body.toString('base64'),
      qrsig: a.setCookies.map((c) => /^qrsig=([^;]*)/.exec(c)?.[1]).find(Boolean),
    }),
  },
  {
    area: 'identity',
    call: (c) => c.identity.check(),
    serve: {
      'qimei /tme/trpc/proxy': (a): FakeReply => ({ json: { code: 0, data: JSON.stringify({ code: 0, data: a.qimei }) } }),
      'music.getSession.session.GetSession': (a) => ({ session: a.session }),
    },
    notSampledLive: true,
    // What the Android comm carries of it.
    map: (a) => ({ QIMEI: a.qimei?.q16, QIMEI36: a.qimei?.q36, uid: a.session?.uid, sid: a.session?.sid }),
  },
];

/** Payloads the fake answers instead of its own, by route, while a test serves them. */
const served = new Map<string, unknown>();
const musicuRoutes: Record<string, MusicuHandler> = Object.assign({}, ...ROUTES.map((r) => r.musicu ?? {}));
const httpRoutes: Record<string, HttpHandler> = Object.assign({}, ...ROUTES.map((r) => r.http ?? {}));
const OVERRIDES: FakeRoutes = { musicu: {}, http: {} };
for (const target of CASES.flatMap((c) => Object.keys(c.serve))) {
  if (target in musicuRoutes) {
    OVERRIDES.musicu![target] = (param, ctx) => (served.has(target) ? { code: 0, data: served.get(target) } : musicuRoutes[target](param, ctx));
  } else {
    OVERRIDES.http![target] = (ctx) => (served.has(target) ? (served.get(target) as FakeReply) : httpRoutes[target](ctx));
  }
}

let fake: FakeUpstream;
let transport: UpstreamTransport;
let metrics: MetricsService;
let clients: Clients;
let dir: string;

beforeAll(async () => {
  // The live check's debug lines, and the clients' fallback warnings, are not this test's output.
  Logger.overrideLogger(false);
  fake = new FakeUpstream([...ROUTES, OVERRIDES]);
  await fake.start();
  dir = mkdtempSync(join(tmpdir(), 'qqgw-reads-'));
  // Every answer sampled, so the live hook of each client method is exercised too.
  const config = loadAppConfig({ ...fake.env(), COOKIE_FILE: join(dir, 'none.json'), LOG_LEVEL: 'silent', UPSTREAM_SHAPE_SAMPLE_RATE: '1' });
  const cookies = new CookieChoice(new CookieFileService(config));
  metrics = new MetricsService();
  transport = new UpstreamTransport(config, cookies, metrics, new UpstreamReachability(new Clock()));
  const fallbacks = new UpstreamFallbacks(metrics);
  const identity = new ClientIdentity(new QimeiClient(transport, config), new DeviceSessionClient(transport, config), new Clock(), metrics, new BackgroundWork(config), fallbacks);
  const args = [new MusicuProtocol(transport, cookies, fallbacks, identity), new CgiProtocol(transport, cookies, fallbacks), transport, cookies, fallbacks, new UpstreamShapeWatch(config, metrics)] as const;
  clients = {
    charts: new ChartsClient(...args),
    search: new SearchClient(...args),
    music: new MusicClient(...args),
    singers: new SingersClient(...args),
    playlists: new PlaylistsClient(...args),
    comments: new CommentsClient(...args),
    mv: new MvClient(...args),
    qq: new QqLoginClient(...args),
    identity,
  };
});

afterAll(async () => {
  await transport?.onApplicationShutdown();
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

afterEach(() => served.clear());

/** The client call, answered with `answer`'s payloads instead of the fake's own. */
async function callServing(c: AreaCase, answer: unknown, call = c.call) {
  for (const [target, payload] of Object.entries(c.serve)) served.set(target, payload(answer));
  try {
    return await witnessFallbacksSettled(() => call(clients));
  } finally {
    served.clear();
  }
}

async function mismatches(area: CanaryArea, field: string): Promise<number> {
  const { values } = await metrics.upstreamShapeMismatches.get();
  return values.find((v) => v.labels.area === area && v.labels.field === field)?.value ?? 0;
}

const required = (area: CanaryArea) => Object.keys(AREA_READS[area].reads).filter((path) => !path.endsWith('?'));

it('covers every canary area once', () => {
  expect(CASES.map((c) => c.area).sort()).toEqual([...CANARY_AREAS].sort());
});

describe.each(CASES)('$area', (c) => {
  it("the fake's answer has every declared field", async () => {
    const answer = await c.call(clients);
    expect(checkArea(c.area, answer)).toBeUndefined();
  });

  it('maps the same when upstream sends only the declared fields', async () => {
    for (const call of [c.call, ...(c.alsoPrune ?? [])]) {
      const answer = await call(clients);
      const outcome = await callServing(c, pruneToSpec(AREA_READS[c.area].reads, answer), call);
      if (!outcome.ok) throw outcome.error;
      expect(outcome.fallbacks).toEqual([]);
      expect(c.map(outcome.value)).toEqual(c.map(answer));
    }
  });

  it.each(required(c.area))('without %s: the check names it, the live check counts it, the answer changes', async (path) => {
    const answer = await c.call(clients);
    const drifted = withoutPath(path, answer);
    expect(checkArea(c.area, drifted)).toMatchObject({ declared: path });

    const before = await mismatches(c.area, path);
    const outcome = await callServing(c, drifted);
    const changed = !outcome.ok || outcome.fallbacks.length > 0 || JSON.stringify(c.map(outcome.value)) !== JSON.stringify(c.map(answer));
    expect({ path, changed }).toEqual({ path, changed: true });
    // The primary call's answer went through the client's sampled hook (every answer is sampled here).
    if (c.notSampledLive) expect(outcome.ok).toBe(false);
    else expect(await mismatches(c.area, path)).toBeGreaterThan(before);
  });
});

describe('the path syntax (shape.ts)', () => {
  const spec = { 'a.list[].title|name': 'string', 'a.byId.*.url': 'array', 'a.bin?': 'bytes' } as const;
  const ok = { a: { list: [{ name: 'x', other: 1 }, { title: 'y' }], byId: { v1: { url: [], size: 3 } }, extra: true } };

  it('takes the first alternative present, steps into arrays and id-keyed objects, and names what fails', () => {
    expect(checkShape(spec, ok)).toBeUndefined();
    expect(checkShape(spec, { a: { ...ok.a, list: [{ title: 5, name: 'x' }] } })).toEqual({
      path: 'a.list[0].title', declared: 'a.list[].title|name', expected: 'string', got: 'number',
    });
    // An object keyed by the id asked for lacks it when empty; an empty array is a list with nothing in it.
    expect(checkShape(spec, { a: { ...ok.a, byId: {} } })).toMatchObject({ declared: 'a.byId.*.url', got: 'undefined' });
    expect(checkShape(spec, { a: { ...ok.a, list: [] } })).toBeUndefined();
    expect(checkShape(spec, { a: { ...ok.a, bin: Buffer.alloc(0) } })).toMatchObject({ declared: 'a.bin', got: 'no bytes' });
    expect(checkShape(spec, { a: { ...ok.a, bin: Buffer.from('x') } })).toBeUndefined();
  });

  it('pruneToSpec keeps only declared fields, in every element; withoutPath drops one everywhere', () => {
    expect(pruneToSpec(spec, ok)).toEqual({ a: { list: [{ name: 'x' }, { title: 'y' }], byId: { v1: { url: [] } } } });
    expect(withoutPath('a.list[].title|name', ok).a.list).toEqual([{ other: 1 }, {}]);
    expect(withoutPath('a.byId.*', ok).a.byId).toEqual({});
    expect(ok.a.list[0]).toEqual({ name: 'x', other: 1 }); // the original is left alone
  });
});

describe('the fallback witness', () => {
  it('names the fallbacks taken inside it, outer witnesses included, and keeps them when the call fails', async () => {
    noteFallback('outside'); // no witness: nobody hears it
    const outer = await witnessFallbacksSettled(async () => {
      noteFallback('a');
      const inner = await witnessFallbacksSettled(async () => {
        await Promise.resolve();
        noteFallback('b');
        throw new Error('failed after falling back');
      });
      expect(inner).toMatchObject({ ok: false, fallbacks: ['b'] });
      return 'value';
    });
    expect(outer).toEqual({ ok: true, value: 'value', fallbacks: ['a', 'b'] });
  });

  it('keeps concurrent calls apart', async () => {
    const [x, y] = await Promise.all(['x', 'y'].map((name) => witnessFallbacksSettled(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      noteFallback(name);
    })));
    expect([x.fallbacks, y.fallbacks]).toEqual([['x'], ['y']]);
  });
});
