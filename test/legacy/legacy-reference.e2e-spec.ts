import { GENUINE_DISSTID } from '../../fake-upstream/handlers/playlists';
import { JAY_MID } from '../../fake-upstream/handlers/singers';
import { fixture } from '../../fake-upstream/fixtures';
import { Harness, startHarness } from '../support/harness';

const CDINFO = '/qzone/fcg-bin/fcg_ucc_getcdinfo_byids_cp.fcg';
const SINGER_MV = '/mv/fcgi-bin/fcg_singer_mv.fcg';
const RADIO = '/v8/fcg-bin/fcg_v8_radiolist.fcg';
const CDLIST = fixture('c-fcg-ucc-getcdinfo-byids-cp.cdlist.fragment.json')[0];
const refuse = (path: string) => [{ kind: 'status' as const, status: 200, body: '{"code":-3,"subcode":-3}' }, { host: 'c' as const, path }] as const;

/**
 * Where the older Koa services called a CGI the gateway does not call first, the legacy shape asks that CGI too and
 * passes its answer through (docs/legacy.md "Extra calls"); when it fails, the adapted answer of the gateway's own
 * call stays. The normalised shape never asks it.
 */
describe('Legacy shape: the older services\' own CGI, asked first for what only it answers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  describe('GET /getSongListDetail', () => {
    it('passes fcg_ucc_getcdinfo_byids_cp\'s cdlist through (cmtnum, cm_count, headurl, ctime), its tracks with the old names too', async () => {
      const res = await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}&limit=5&page=1&shape=legacy`).expect(200);
      const cd = res.body.response.cdlist[0];
      expect(cd).toMatchObject({ cmtnum: CDLIST.cmtnum, cm_count: CDLIST.cm_count, headurl: CDLIST.headurl, ctime: CDLIST.ctime, dissname: CDLIST.dissname });
      expect(cd.songlist).toHaveLength(5);
      const src = CDLIST.songlist[5];
      expect(cd.songlist[0]).toMatchObject({ id: src.id, mid: src.mid, songid: src.id, songmid: src.mid, songname: src.name, albummid: src.album.mid });
      const [req] = h.fake.requestsTo('c', CDINFO);
      expect(req.query).toMatchObject({ disstid: GENUINE_DISSTID, song_begin: '5', song_num: '5', new_format: '1', onlysong: '0' });
      expect(String(req.headers.referer)).toMatch(/^https:\/\/y\.qq\.com\//);
    });

    it('the CGI failing: the answer adapted from CgiGetDiss, without the comment counts', async () => {
      h.fake.fault(...refuse(CDINFO));
      const res = await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}&shape=legacy`).expect(200);
      const cd = res.body.response.cdlist[0];
      expect(cd).toMatchObject({ dissname: CDLIST.dissname, headurl: CDLIST.headurl, ctime: CDLIST.ctime });
      expect(cd).not.toHaveProperty('cmtnum');
      expect(h.fake.requestsTo('c', CDINFO)).toHaveLength(1);
    });

    it('the normalised shape does not ask it', async () => {
      await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}`).expect(200);
      expect(h.fake.requestsTo('c', CDINFO)).toHaveLength(0);
    });
  });

  describe('GET /getSingerMv', () => {
    it('passes fcg_singer_mv.fcg\'s data.list[] through (pic, title, vid), asked with the route\'s paging and order', async () => {
      const res = await h.http().get(`/getSingerMV?singermid=${JAY_MID}&limit=3&page=1&order=time&shape=legacy`).expect(200);
      const list = res.body.response.data.list;
      expect(list).toHaveLength(3);
      expect(list[0]).toEqual(expect.objectContaining({ vid: expect.any(String), title: expect.any(String), pic: expect.stringMatching(/^http/), singer_mid: JAY_MID }));
      const [req] = h.fake.requestsTo('c', SINGER_MV);
      expect(req.query).toMatchObject({ singermid: JAY_MID, order: 'time', begin: '3', num: '3', cmd: '1', cid: '205360581' });
      // the same MVs the gateway's own call lists
      const normal = await h.http().get(`/getSingerMv?singermid=${JAY_MID}&limit=3&page=1&order=time`).expect(200);
      expect(list.map((m: any) => m.vid)).toEqual(normal.body.data.mvs.map((m: any) => m.vid));
    });

    it('the CGI failing: the gateway\'s GetSingerMvList answer, raw', async () => {
      h.fake.fault(...refuse(SINGER_MV));
      const res = await h.http().get(`/getSingerMv?singermid=${JAY_MID}&shape=legacy`).expect(200);
      expect(res.body.response.mvs.data.list.length).toBeGreaterThan(0);
      expect(res.body.response).not.toHaveProperty('data');
    });

    it('the normalised shape does not ask it', async () => {
      await h.http().get(`/getSingerMv?singermid=${JAY_MID}`).expect(200);
      expect(h.fake.requestsTo('c', SINGER_MV)).toHaveLength(0);
    });
  });

  describe('GET /getRadioLists', () => {
    it('passes fcg_v8_radiolist.fcg\'s data.data.groupList[] through', async () => {
      const res = await h.http().get('/getRadioLists?shape=legacy').expect(200);
      const groups = res.body.response.data.data.groupList;
      expect(groups[0]).toMatchObject({ name: expect.any(String) });
      expect(groups[0].radioList[0]).toEqual(expect.objectContaining({ radioId: expect.any(Number), radioName: expect.any(String), radioImg: expect.any(String), listenNum: expect.any(Number) }));
      expect(h.fake.requestsTo('c', RADIO)[0].query).toMatchObject({ channel: 'radio', page: 'index', tpl: 'wk', new: '1', p: '1' });
    });

    it('the CGI failing: the gateway\'s GetRadiolist answer, raw', async () => {
      h.fake.fault(...refuse(RADIO));
      const res = await h.http().get('/getRadioLists?shape=legacy').expect(200);
      expect(res.body.response.radiolist.data.radio_list.length).toBeGreaterThan(0);
    });

    it('the normalised shape does not ask it', async () => {
      await h.http().get('/getRadioLists').expect(200);
      expect(h.fake.requestsTo('c', RADIO)).toHaveLength(0);
    });
  });

  it('GET /getDigitalAlbumLists: the gateway already makes the older services\' call: banner and sections pass through', async () => {
    const res = await h.http().get('/getDigitalAlbumLists?shape=legacy').expect(200);
    expect(res.body.response.data.banner[0].picurl).toMatch(/^http/);
    expect(res.body.response.data.content[0]).toMatchObject({ title: expect.any(String), albumlist: expect.any(Array) });
    expect(res.body.response.data.content[0].albumlist[0]).toEqual(expect.objectContaining({ album_mid: expect.any(String), album_name: expect.any(String), price: expect.any(Number) }));
  });
});
