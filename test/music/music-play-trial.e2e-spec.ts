import { musicState } from '../../fake-upstream/handlers/music';
import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { Harness, startHarness } from '../support/harness';

const URL_VKEY = 'music.vkey.GetVkey.UrlGetVkey';
/** 晴天: the genuine detail fixture, with a trial clip (size_try 960887, try_begin 84346, try_end 142843 ms, vs[0]). */
const QINGTIAN = '0039MnYb0qxYhV';
const MEDIA_MID = '003Qui1q2u1Zho';
const TRIAL_FILE = 'RS02064YyRNb0gDV4P.mp3';

describe('trial file of a song without rights (docs/upstream/music.md "Trial file")', () => {
  let h: Harness;
  let validate: AnswerValidator;
  beforeAll(async () => {
    h = await startHarness({ env: { SONG_FILES_KEPT: '0' } });
    validate = await answerValidator(h);
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const state = () => musicState(h.fake.state);
  const keysAsked = () => h.fake.musicuCalls(URL_VKEY).map((c) => c.param.filename as string[]);

  it('serves the trial clip (RS02 + vs[0] .mp3) with trial: true and its length when the full file has no URL', async () => {
    state().trialOnlyMids.add(QINGTIAN);
    const res = await h.http().get(`/getMusicPlay?songmid=${QINGTIAN}`).expect(200);
    expect(res.body.data).toEqual({
      url: expect.stringContaining(`/${TRIAL_FILE}?guid=`),
      size: 960_887,
      quality: '128kbps',
      available: expect.arrayContaining(['128', 'flac']),
      trial: true,
      // (142843 − 84346) ms
      trialSeconds: 58,
    });
    expect(validate('GET /getMusicPlay', res.body, { member: 'PlayUrl' })).toEqual([]);
    // the guessed name, the real name, then the trial alone
    expect(keysAsked()).toEqual([[`M500${QINGTIAN}.mp3`], [`M500${MEDIA_MID}.mp3`], [TRIAL_FILE]]);

    h.fake.reset();
    state().trialOnlyMids.add(QINGTIAN);
    const download = await h.http().get(`/downloadMainMusic?songmid=${QINGTIAN}&quality=flac`).expect(200);
    expect(download.body.data).toMatchObject({ filename: TRIAL_FILE, trial: true, trialSeconds: 58, size: 960_887 });
    const batch = await h.http().post('/getMusicPlayBatch').send({ songmids: [QINGTIAN], quality: 'best' }).expect(200);
    expect(batch.body.data[0]).toMatchObject({ ok: true, filename: TRIAL_FILE, trial: true, trialSeconds: 58 });
    expect(validate('POST /getMusicPlayBatch', batch.body)).toEqual([]);
  });

  it('a full file with a URL is never the trial: no trial field, no trial key asked', async () => {
    const res = await h.http().get(`/getMusicPlay?songmid=${QINGTIAN}`).expect(200);
    expect(res.body.data.trial).toBeUndefined();
    expect(keysAsked().flat()).not.toContain(TRIAL_FILE);
  });

  it('without a trial (size_try 0) the song stays 403 NO_PLAY_URL, and no trial key is asked', async () => {
    state().trialOnlyMids.add(QINGTIAN);
    state().fileSizes.set(QINGTIAN, { size_try: 0 });
    const res = await h.http().get(`/getMusicPlay?songmid=${QINGTIAN}`).expect(403);
    expect(res.body).toMatchObject({ errorCode: 'NO_PLAY_URL', upstreamResult: 104003 });
    expect(keysAsked()).toEqual([[`M500${QINGTIAN}.mp3`], [`M500${MEDIA_MID}.mp3`]]);
  });

  it('a trial upstream refuses too keeps the full file\'s 403 NO_PLAY_URL, in a list as alone', async () => {
    state().vipMids.add(QINGTIAN);
    const res = await h.http().get(`/getMusicPlay?songmid=${QINGTIAN},${QINGTIAN}`).expect(200);
    expect(res.body.data.list[0]).toMatchObject({ songmid: QINGTIAN, url: '', errorCode: 'NO_PLAY_URL' });
    expect(keysAsked()).toEqual([[`M500${QINGTIAN}.mp3`], [`M500${MEDIA_MID}.mp3`], [TRIAL_FILE]]);
  });
});
