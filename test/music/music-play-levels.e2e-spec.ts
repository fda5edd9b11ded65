import { catalog } from '../../fake-upstream/catalog';
import { EVERY_LEVEL_MID, FEW_LEVELS_MID, musicState } from '../../fake-upstream/handlers/music';
import { Harness, startHarness } from '../support/harness';

const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
const URL_VKEY = 'music.vkey.GetVkey.UrlGetVkey';
/** 晴天: its media MID differs from its MID. */
const QINGTIAN = '0039MnYb0qxYhV';
const UNKNOWN = '000000000000zz';

/** Every level of 孤勇者 in the fake (fake-upstream/handlers/music.ts LEVEL_SONGS): name, prefix, ext, label, size. */
const LEVELS = [
  ['128', 'M500', '.mp3', '128kbps', 4_100_001],
  ['320', 'M800', '.mp3', '320kbps', 10_200_002],
  ['m4a', 'C400', '.m4a', 'm4a', 3_100_003],
  ['flac', 'F000', '.flac', 'flac', 30_000_008],
  ['ape', 'A000', '.ape', 'ape', 29_000_009],
  ['aac48', 'C200', '.m4a', 'aac48', 1_500_004],
  ['aac192', 'C600', '.m4a', 'aac192', 6_200_005],
  ['ogg96', 'O400', '.ogg', 'ogg96', 2_900_006],
  ['ogg192', 'O600', '.ogg', 'ogg192', 5_800_007],
  ['ogg320', 'O800', '.ogg', 'ogg320', 10_300_014],
  ['ogg640', 'O801', '.ogg', 'ogg640', 23_000_015],
  ['hires', 'RS01', '.flac', 'hires', 60_000_010],
  ['master', 'AI00', '.flac', 'master', 180_000_011],
  ['atmos', 'Q000', '.flac', 'atmos', 31_000_012],
  ['atmos51', 'Q001', '.flac', 'atmos51', 80_000_013],
  ['atmos71', 'Q003', '.ogg', 'atmos71', 36_000_016],
  ['dolby', 'D004', '.mp4', 'dolby', 40_000_017],
  ['dtsx', 'DT03', '.mp4', 'dtsx', 90_000_019],
  ['nac', 'TL01', '.nac', 'nac', 2_500_018],
] as const;
const ALL_NAMES = LEVELS.map(([name]) => name);
const fileOf = (name: string, mid = EVERY_LEVEL_MID) => {
  const [, prefix, ext] = LEVELS.find(([n]) => n === name)!;
  return `${prefix}${mid}${ext}`;
};
/** The levels whose file name is doubtful (docs/upstream/music.md "Quality ladder"): `best` tries them last. */
const DOUBTFUL = ['master', 'hires', 'ape', 'atmos', 'atmos51'];
/** The order `best` tries (src/music/play-url.ts BEST_ORDER): backed levels by sound, then the doubtful ones; never nac. */
const BEST = ['flac', 'ogg640', '320', 'ogg320', 'aac192', 'ogg192', '128', 'm4a', 'ogg96', 'aac48', 'atmos71', 'dolby', 'dtsx', ...DOUBTFUL];

describe('play URL quality levels, best, available and the batch route', () => {
  let h: Harness;
  beforeAll(async () => {
    // No song files kept: every request shows the detail lookup it needs (the reuse is tested at the end with a second app).
    h = await startHarness({ env: { SONG_FILES_KEPT: '0' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const state = () => musicState(h.fake.state);
  const keysAsked = () => h.fake.musicuCalls(URL_VKEY).map((c) => c.param.filename as string[]);

  describe('each level', () => {
    it.each(LEVELS)('quality=%s asks %s<mid>%s in one request and labels it %s with its own size', async (name, prefix, ext, label, size) => {
      const res = await h.http().get(`/getMusicPlay?songmid=${EVERY_LEVEL_MID}&quality=${name}`).expect(200);
      const filename = `${prefix}${EVERY_LEVEL_MID}${ext}`;
      expect(res.body.data).toEqual({ url: expect.stringContaining(`/${filename}?guid=`), size, quality: label, available: ALL_NAMES });
      expect(keysAsked()).toEqual([[filename]]);
      expect(h.fake.requests).toHaveLength(1);
    });

    it('downloadMainMusic serves a new level with its file name', async () => {
      const res = await h.http().get(`/downloadMainMusic?songmid=${EVERY_LEVEL_MID}&quality=master`).expect(200);
      expect(res.body.data).toMatchObject({ filename: fileOf('master'), quality: 'master', size: 180_000_011, available: ALL_NAMES });
    });

    it('a level the song lacks is 404 QUALITY_UNAVAILABLE with available, and no key is asked for it', async () => {
      const res = await h.http().get(`/getMusicPlay?songmid=${FEW_LEVELS_MID}&quality=hires`).expect(404);
      expect(res.body).toMatchObject({ errorCode: 'QUALITY_UNAVAILABLE', available: ['128', 'm4a'] });
      expect(keysAsked()).toEqual([[fileOf('hires', FEW_LEVELS_MID)]]); // only the guess that travelled with the detail
    });

    it('a level refused to this account is 403 NO_PLAY_URL while a lower one plays', async () => {
      state().refusedLevels.set(EVERY_LEVEL_MID, new Set(['AI00']));
      const refused = await h.http().get(`/getMusicPlay?songmid=${EVERY_LEVEL_MID}&quality=master`).expect(403);
      expect(refused.body).toMatchObject({ errorCode: 'NO_PLAY_URL', upstreamResult: 104003, available: ALL_NAMES });
      await h.http().get(`/getMusicPlay?songmid=${EVERY_LEVEL_MID}&quality=flac`).expect(200);
    });

    it('a level upstream hands out only encrypted is 403 ENCRYPTED_ONLY, and its URL is never sent', async () => {
      state().encryptedOnlyLevels.set(EVERY_LEVEL_MID, new Set(['F000']));
      const res = await h.http().get(`/getMusicPlay?songmid=${EVERY_LEVEL_MID}&quality=flac`).expect(403);
      expect(res.body).toEqual({ error: expect.stringContaining('encrypted'), errorCode: 'ENCRYPTED_ONLY', available: ALL_NAMES });
      expect(JSON.stringify(res.body)).not.toContain('mflac');
      expect(keysAsked()).toEqual([[fileOf('flac')]]);
    });
  });

  describe('available', () => {
    it('is on the single answer, the list entries (found and failed) and the download answer', async () => {
      const one = await h.http().get(`/getMusicPlay?songmid=${FEW_LEVELS_MID}`).expect(200);
      expect(one.body.data.available).toEqual(['128', 'm4a']);
      const list = await h.http().get(`/getMusicPlay?songmid=${FEW_LEVELS_MID},${EVERY_LEVEL_MID},${UNKNOWN}&quality=m4a`).expect(200);
      expect(list.body.data.list.map((e: { available: string[] }) => e.available)).toEqual([['128', 'm4a'], ALL_NAMES, []]);
      const download = await h.http().get(`/downloadMainMusic?songmid=${FEW_LEVELS_MID}`).expect(200);
      expect(download.body.data.available).toEqual(['128', 'm4a']);
    });
  });

  describe('quality=best', () => {
    it('asks every level the song has, best first, in one key call, and answers the best backed one (not master)', async () => {
      const res = await h.http().get(`/getMusicPlay?songmid=${EVERY_LEVEL_MID}&quality=best`).expect(200);
      expect(res.body.data).toMatchObject({ quality: 'flac', size: 30_000_008, url: expect.stringContaining(`/${fileOf('flac')}?`), available: ALL_NAMES });
      expect(keysAsked()).toEqual([BEST.map((name) => fileOf(name))]);
      // the detail first (the levels come from it), then the one key call
      expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(1);
      expect(h.fake.requests).toHaveLength(2);
    });

    it('answers the best level upstream gave a URL for when higher ones are refused or encrypted-only', async () => {
      state().refusedLevels.set(EVERY_LEVEL_MID, new Set(['F000']));
      state().encryptedOnlyLevels.set(EVERY_LEVEL_MID, new Set(['O801']));
      const res = await h.http().get(`/downloadMainMusic?songmid=${EVERY_LEVEL_MID}&quality=best`).expect(200);
      expect(res.body.data).toMatchObject({ quality: '320kbps', filename: fileOf('320'), size: 10_200_002 });
      expect(keysAsked()).toHaveLength(1);
    });

    it('picks a doubtful level (master, hires, ape, Atmos FLAC) only when no backed level has a URL', async () => {
      const backed = LEVELS.filter(([name]) => !DOUBTFUL.includes(name)).map(([, prefix]) => prefix);
      state().refusedLevels.set(EVERY_LEVEL_MID, new Set(backed));
      const res = await h.http().get(`/getMusicPlay?songmid=${EVERY_LEVEL_MID}&quality=best`).expect(200);
      expect(res.body.data).toMatchObject({ quality: 'master', size: 180_000_011 });
      expect(keysAsked()).toEqual([BEST.map((name) => fileOf(name))]);
    });

    it('tries only the levels a song has', async () => {
      const res = await h.http().get(`/getMusicPlay?songmid=${FEW_LEVELS_MID}&quality=BEST`).expect(200);
      expect(res.body.data).toMatchObject({ quality: '128kbps', available: ['128', 'm4a'] });
      expect(keysAsked()).toEqual([[fileOf('128', FEW_LEVELS_MID), fileOf('m4a', FEW_LEVELS_MID)]]);
    });

    it('is 403 NO_PLAY_URL with the best level\'s result when every level is refused, 404 for an unknown song', async () => {
      state().vipMids.add(FEW_LEVELS_MID);
      const res = await h.http().get(`/getMusicPlay?songmid=${FEW_LEVELS_MID}&quality=best`).expect(403);
      expect(res.body).toMatchObject({ errorCode: 'NO_PLAY_URL', upstreamResult: 104003, available: ['128', 'm4a'] });
      const unknown = await h.http().get(`/getMusicPlay?songmid=${UNKNOWN}&quality=best`).expect(404);
      expect(unknown.body).toMatchObject({ errorCode: 'SONG_NOT_FOUND' });
    });
  });

  describe('POST /getMusicPlayBatch', () => {
    /** Catalogue songs whose media MID is their MID: their file names are right before the detail is read. */
    const plainMids = () => catalog().filter((s) => s.mediaMid === s.mid && s.mid !== FEW_LEVELS_MID).map((s) => s.mid);

    it('answers N songs from ONE upstream request: every detail and one key call with N files', async () => {
      const mids = plainMids().slice(0, 5);
      const res = await h.http().post('/getMusicPlayBatch').send({ songmids: mids, quality: '320' }).expect(200);
      expect(res.body.code).toBe(0);
      expect(res.body.data).toHaveLength(5);
      for (const [i, entry] of res.body.data.entries()) {
        expect(entry).toMatchObject({ songmid: mids[i], ok: true, quality: '320kbps', filename: `M800${mids[i]}.mp3`, url: expect.stringContaining(`/M800${mids[i]}.mp3?`) });
        expect(Array.isArray(entry.available)).toBe(true);
      }
      expect(h.fake.requests).toHaveLength(1);
      expect(h.fake.musicuCalls(SONG_DETAIL).map((c) => c.param.song_mid)).toEqual(mids);
      expect(keysAsked()).toEqual([mids.map((mid) => `M800${mid}.mp3`)]);
    });

    it('keeps per-song failures beside the songs that play, in request order, duplicates asked once', async () => {
      state().vipMids.add(EVERY_LEVEL_MID);
      const songmids = [FEW_LEVELS_MID, EVERY_LEVEL_MID, UNKNOWN, FEW_LEVELS_MID, QINGTIAN];
      const res = await h.http().post('/getMusicPlayBatch').send({ songmids, quality: 'm4a' }).expect(200);
      expect(res.body.data.map((e: { songmid: string; ok: boolean; errorCode?: string }) => [e.songmid, e.ok, e.errorCode])).toEqual([
        [FEW_LEVELS_MID, true, undefined],
        [EVERY_LEVEL_MID, false, 'NO_PLAY_URL'],
        [UNKNOWN, false, 'SONG_NOT_FOUND'],
        [FEW_LEVELS_MID, true, undefined],
        [QINGTIAN, true, undefined],
      ]);
      expect(res.body.data[1]).toEqual({
        songmid: EVERY_LEVEL_MID, ok: false, error: expect.any(String), errorCode: 'NO_PLAY_URL', upstreamResult: 104003, available: ALL_NAMES,
      });
      expect(res.body.data[2]).toMatchObject({ available: [] });
      expect(res.body.data[3]).toEqual(res.body.data[0]);
      // each distinct song once; 晴天's real file (media MID) in a second key call
      expect(h.fake.musicuCalls(SONG_DETAIL).map((c) => c.param.song_mid)).toEqual([FEW_LEVELS_MID, EVERY_LEVEL_MID, UNKNOWN, QINGTIAN]);
      expect(keysAsked()).toEqual([[FEW_LEVELS_MID, EVERY_LEVEL_MID, UNKNOWN, QINGTIAN].map((m) => `C400${m}.m4a`), ['C400003Qui1q2u1Zho.m4a']]);
    });

    it('QUALITY_UNAVAILABLE per song, with best for the batch', async () => {
      const res = await h.http().post('/getMusicPlayBatch').send({ songmids: [FEW_LEVELS_MID, EVERY_LEVEL_MID], quality: 'ape' }).expect(200);
      expect(res.body.data[0]).toMatchObject({ ok: false, errorCode: 'QUALITY_UNAVAILABLE', available: ['128', 'm4a'] });
      expect(res.body.data[1]).toMatchObject({ ok: true, quality: 'ape' });
      h.fake.reset();
      const best = await h.http().post('/getMusicPlayBatch').send({ songmids: [FEW_LEVELS_MID, EVERY_LEVEL_MID], quality: 'best' }).expect(200);
      expect(best.body.data.map((e: { quality: string }) => e.quality)).toEqual(['128kbps', 'flac']);
      // one detail request, one key call for both songs' levels
      expect(h.fake.requests).toHaveLength(2);
      expect(keysAsked()).toEqual([[fileOf('128', FEW_LEVELS_MID), fileOf('m4a', FEW_LEVELS_MID), ...BEST.map((n) => fileOf(n))]]);
    });

    it('splits the keys over several calls above 100 files per call', async () => {
      const mids = plainMids().slice(0, 7);
      // seven songs with every level: 126 files for best (nac is never asked by best)
      for (const mid of mids) state().fileSizes.set(mid, {
        size_128mp3: 1, size_320mp3: 1, size_96aac: 1, size_48aac: 1, size_192aac: 1, size_96ogg: 1, size_192ogg: 1,
        size_flac: 1, size_ape: 1, size_hires: 1, size_dolby: 1, size_new: [1, 1, 1, 1, 0, 1, 1, 1, 0, 1],
      });
      const res = await h.http().post('/getMusicPlayBatch').send({ songmids: mids, quality: 'best' }).expect(200);
      expect(res.body.data.map((e: { ok: boolean; quality: string }) => [e.ok, e.quality])).toEqual(mids.map(() => [true, 'flac']));
      expect(keysAsked().map((names) => names.length)).toEqual([100, 26]);
      expect(keysAsked().flat()).toEqual(mids.flatMap((mid) => BEST.map((n) => fileOf(n, mid))));
    });

    it('a batch at the cap is one request; above it, or empty, or malformed, is 400 naming the limit', async () => {
      const mids = Array.from({ length: 100 }, (_v, i) => (plainMids()[i] ?? `0000000000${String(i).padStart(4, '0')}`));
      const res = await h.http().post('/getMusicPlayBatch').send({ songmids: mids }).expect(200);
      expect(res.body.data).toHaveLength(100);
      expect(h.fake.requests).toHaveLength(1);
      expect(keysAsked()).toEqual([[...new Set(mids)].map((mid) => `M500${mid}.mp3`)]);
      h.fake.reset();
      for (const body of [{ songmids: [...mids, EVERY_LEVEL_MID] }, { songmids: [] }, {}, { songmids: 'abc' }, { songmids: ['bad-mid!'] }, { songmids: [42] }]) {
        const bad = await h.http().post('/getMusicPlayBatch').send(body).expect(400);
        expect(bad.body).toMatchObject({ errorCode: 'BAD_REQUEST', error: expect.stringMatching(/songmids/) });
      }
      const tooMany = await h.http().post('/getMusicPlayBatch').send({ songmids: [...mids, EVERY_LEVEL_MID] }).expect(400);
      expect(tooMany.body.error).toMatch(/1 to 100 song MIDs/);
      const quality = await h.http().post('/getMusicPlayBatch').send({ songmids: [EVERY_LEVEL_MID], quality: 'mflac' }).expect(400);
      expect(quality.body.error).toMatch(/quality must be one of/);
      expect(h.fake.requests).toHaveLength(0);
    });

    it('an upstream failure of the whole request gives every song that error', async () => {
      h.fake.fault({ kind: 'status', status: 500 }, { module: 'music.pf_song_detail_svr', times: 1 });
      const res = await h.http().post('/getMusicPlayBatch').send({ songmids: [EVERY_LEVEL_MID, FEW_LEVELS_MID] }).expect(200);
      expect(res.body.data).toEqual([
        { songmid: EVERY_LEVEL_MID, ok: false, error: expect.any(String), errorCode: 'UPSTREAM_BAD_STATUS', available: [] },
        { songmid: FEW_LEVELS_MID, ok: false, error: expect.any(String), errorCode: 'UPSTREAM_BAD_STATUS', available: [] },
      ]);
    });

    it('a failed detail key fails only its song', async () => {
      const few = catalog().find((s) => s.mid === FEW_LEVELS_MID)!;
      state().failingSongIds.add(few.id);
      const res = await h.http().post('/getMusicPlayBatch').send({ songmids: [EVERY_LEVEL_MID, FEW_LEVELS_MID] }).expect(200);
      expect(res.body.data[0]).toMatchObject({ ok: true, quality: '128kbps' });
      expect(res.body.data[1]).toMatchObject({ ok: false, errorCode: 'UPSTREAM_ERROR', upstreamCode: 500001, available: [] });
    });
  });
});

describe('POST /getMusicPlayBatch with song files kept', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { SONG_FILES_KEPT: '100' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('a song the batch read costs a later single call one request, the key alone', async () => {
    await h.http().post('/getMusicPlayBatch').send({ songmids: [QINGTIAN, EVERY_LEVEL_MID] }).expect(200);
    h.fake.reset();
    const res = await h.http().get(`/getMusicPlay?songmid=${QINGTIAN}&quality=flac`).expect(200);
    expect(res.body.data).toMatchObject({ quality: 'flac', url: expect.stringContaining('/F000003Qui1q2u1Zho.flac?') });
    expect(h.fake.requests).toHaveLength(1);
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(0);
    h.fake.reset();
    // and best for a known song: the one key call, no detail
    const best = await h.http().post('/getMusicPlayBatch').send({ songmids: [EVERY_LEVEL_MID], quality: 'best' }).expect(200);
    expect(best.body.data[0]).toMatchObject({ ok: true, quality: 'flac' });
    expect(h.fake.requests).toHaveLength(1);
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(0);
  });
});
