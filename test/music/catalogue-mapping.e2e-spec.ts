import { commentsState, thread } from '../../fake-upstream/handlers/comments';
import { Harness, startHarness } from '../support/harness';

/**
 * Mapping rules of the catalogue that the fake's default answers never exercise: an upstream answer that omits a
 * field, a misaligned list, a boundary of paging. Found by a manual mutation audit: each test here fails when the
 * rule it names is broken in src. Custom upstream payloads come from the fake's `shape` fault (a well-formed success
 * with the given `data`) or its comment state, so what the gateway received is known exactly.
 */
describe('catalogue mapping rules (upstream answers the defaults do not cover)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const TOPLIST = 'music.musicToplist.Toplist';
  const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
  /** A GetDetail answer for a known chart (it has a title and a period) with the given rows and songInfoList. */
  const chartAnswer = (song: object[], songInfoList: object[] = []) => ({
    data: { topId: 950, title: 'Test chart', period: '2026-01-01', totalNum: 50, song },
    songInfoList,
  });

  describe('GET /getRanks', () => {
    it('numbers rows by position (offset + index + 1) when upstream sends no rank', async () => {
      h.fake.fault({ kind: 'shape', data: chartAnswer([
        { songId: 11, title: 'a', singerName: 'x' },
        { songId: 12, title: 'b', singerName: 'y' },
        { songId: 13, title: 'c', singerName: 'z' },
      ]) }, { module: TOPLIST });
      const res = await h.http().get('/getRanks?topId=950&limit=3&page=2').expect(200);
      expect(h.fake.musicuCalls(`${TOPLIST}.GetDetail`)[0].param).toMatchObject({ offset: 6, num: 3 });
      expect(res.body.data.songInfoList.map((r: any) => [r.songId, r.rank])).toEqual([[11, 7], [12, 8], [13, 9]]);
    });

    it('takes a MID from songInfoList[i] only when its id is the row\'s songId (a misaligned list gives none)', async () => {
      h.fake.fault({ kind: 'shape', data: chartAnswer(
        [
          { rank: 1, songId: 21, title: 'a', singerName: 'x' },
          { rank: 2, songId: 22, title: 'b', singerName: 'y' },
          { rank: 3, songId: 23, title: 'c', singerName: 'z' },
        ],
        // index 0 matches; 1 and 2 are swapped, so their MIDs belong to the other row
        [{ id: 21, mid: '000MidOfSong21' }, { id: 23, mid: '000MidOfSong23' }, { id: 22, mid: '000MidOfSong22' }],
      ) }, { module: TOPLIST });
      const res = await h.http().get('/getRanks?topId=950&limit=3').expect(200);
      const [first, second, third] = res.body.data.songInfoList;
      expect(first).toMatchObject({ songId: 21, mid: '000MidOfSong21', song_mid: '000MidOfSong21' });
      for (const row of [second, third]) {
        expect(row).not.toHaveProperty('mid');
        expect(row).not.toHaveProperty('song_mid');
      }
    });

    it('resolveMid=true makes no lookup for a row without a song id', async () => {
      h.fake.fault({ kind: 'shape', data: chartAnswer([
        { rank: 1, title: 'no id', singerName: 'x' },
        { rank: 2, songId: 0, title: 'zero id', singerName: 'y' },
      ]) }, { module: TOPLIST });
      const res = await h.http().get('/getRanks?topId=950&resolveMid=true').expect(200);
      expect(res.body.data.songInfoList.map((r: any) => r.songId)).toEqual([0, 0]);
      expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(0);
    });

    it('reads the rows from songInfoList (id, name, singer[], mid) when upstream sends no song[] rows', async () => {
      h.fake.fault({ kind: 'shape', data: chartAnswer([], [
        { id: 31, mid: '000MidOfSong31', name: 'First', singer: [{ id: 1, mid: 's1', name: 'A' }, { id: 2, mid: 's2', name: 'B' }] },
        { id: 32, mid: '000MidOfSong32', name: 'Second', singer: [{ id: 3, mid: 's3', name: 'C' }] },
      ]) }, { module: TOPLIST });
      const res = await h.http().get('/getRanks?topId=950&limit=2&page=1').expect(200);
      expect(res.body.data.songInfoList).toEqual([
        { songId: 31, song_id: 31, songName: 'First', singerName: 'A/B', rank: 3, mid: '000MidOfSong31', song_mid: '000MidOfSong31' },
        { songId: 32, song_id: 32, songName: 'Second', singerName: 'C', rank: 4, mid: '000MidOfSong32', song_mid: '000MidOfSong32' },
      ]);
    });

    it('a chart upstream names no title for but serves a period of is a known chart (200, not 404)', async () => {
      h.fake.fault({ kind: 'shape', data: {
        data: { topId: 951, title: '', period: '2026_3', totalNum: 1, song: [{ rank: 1, songId: 41, title: 'a', singerName: 'x' }] },
        songInfoList: [],
      } }, { module: TOPLIST });
      const res = await h.http().get('/getRanks?topId=951').expect(200);
      expect(res.body.data.topList).toEqual({ id: 951, name: '', period: '2026_3' });
      expect(res.body.data.songInfoList.map((r: any) => r.songId)).toEqual([41]);
    });

    it.each([4, 27, 62])('the fallback sends chart %i (a daily chart) a YYYY-MM-DD period', async (topId) => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: TOPLIST });
      await h.http().get(`/getRanks?topId=${topId}&limit=1`).expect(200);
      expect(h.fake.musicuCalls('musicToplist.ToplistInfoServer.GetDetail')[0].param.period).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  });

  describe('GET /getComments', () => {
    it('maps praisenum and time of each CommentRead item from upstream (PraiseNum, PubTime)', async () => {
      const res = await h.http().get('/getComments?id=97773&pagenum=1&pagesize=20').expect(200);
      const expected = thread(h.fake.state, 1, '97773').slice(20, 40);
      const list = res.body.data.comment.list;
      expect(list.map((c: any) => [c.commentid, c.praisenum, c.time])).toEqual(expected.map((c) => [c.commentid, c.praisenum, c.time]));
      // the page must carry real counts, or the comparison above proves nothing
      expect(list.some((c: any) => c.praisenum > 0)).toBe(true);
    });

    it.each([
      ['HasMore 0 although Total is larger', 0, 100, false, ''],
      ['HasMore 1 although Total says this is the last page', 1, 2, true, 'seq2'],
    ])('CommentRead: upstream\'s own HasMore decides hasMore and the cursor (%s)', async (_label, HasMore, Total, hasMore, nextCursor) => {
      const item = (n: number) => ({ CmId: `cm${n}`, SeqNo: `seq${n}`, Nick: `n${n}`, Avatar: '', Content: `c${n}`, PubTime: 1700000000 + n, PraiseNum: n });
      h.fake.fault({ kind: 'shape', data: { CommentList: { Comments: [item(1), item(2)], HasMore, Total }, TotalCmNum: Total } },
        { module: 'music.globalComment.CommentRead' });
      const res = await h.http().get('/getComments?id=97773&pagesize=2').expect(200);
      expect(res.body.data.comment).toMatchObject({ total: Total, hasMore, nextCursor });
      expect(res.body.data.comment.list.map((c: any) => c.commentid)).toEqual(['cm1', 'cm2']);
    });

    it('on the CGI fallback, the last page (page × size reaches the total exactly) has no more and no cursor', async () => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.globalComment.CommentRead' });
      commentsState(h.fake.state).total = 50;
      const first = await h.http().get('/getComments?id=97773&pagesize=25&pagenum=0').expect(200);
      expect(first.body.data.comment).toMatchObject({ total: 50, hasMore: true });
      expect(first.body.data.comment.nextCursor).not.toBe('');
      const last = await h.http().get('/getComments?id=97773&pagesize=25&pagenum=1').expect(200);
      expect(h.fake.requestsTo('c', '/base/fcgi-bin/fcg_global_comment_h5.fcg')).toHaveLength(2);
      expect(last.body.data.comment.list).toHaveLength(25);
      expect(last.body.data.comment).toMatchObject({ total: 50, hasMore: false, nextCursor: '' });
    });
  });

  describe('GET /getSongListDetail', () => {
    it('names the creator from CgiGetDiss dirinfo.creator.nick when upstream sends no host_nick', async () => {
      h.fake.fault({ kind: 'shape', data: {
        dirinfo: { id: 123456, title: 'Mine', desc: 'd', creator: { musicid: 1, nick: 'Owner Nick' } },
        songlist: [],
        total_song_num: 0,
      } }, { module: 'music.srfDissInfo.DissInfo' });
      const res = await h.http().get('/getSongListDetail?disstid=123456').expect(200);
      expect(res.body.data).toMatchObject({ disstid: '123456', dissname: 'Mine', desc: 'd', creator: 'Owner Nick', songlist: [] });
    });
  });

  describe('GET /getNewDisks', () => {
    it('reads a 12-digit release_time as milliseconds (China time) into publicTime YYYY-MM-DD', async () => {
      h.fake.fault({ kind: 'shape', data: {
        total: 2,
        albums: [
          // 1999-12-31T16:00:00Z = 2000-01-01 00:00 in China, in ms: 12 digits
          { id: 1, mid: '000AlbumMs', name: 'Millennium', singers: [{ id: 9, mid: '000Singer', name: 'S' }], release_time: 946656000000 },
          // the same instant in seconds: 9 digits
          { id: 2, mid: '000AlbumSec', name: 'Millennium too', singers: [], release_time: 946656000 },
        ],
      } }, { module: 'newalbum.NewAlbumServer' });
      const res = await h.http().get('/getNewDisks?limit=2').expect(200);
      expect(res.body.data.albums.map((a: any) => [a.albumName, a.publicTime])).toEqual([
        ['Millennium', '2000-01-01'],
        ['Millennium too', '2000-01-01'],
      ]);
    });
  });

  describe('GET /getSongInfo', () => {
    it('falls back to the album\'s time_public and builds the cover from the album\'s pmid when upstream has them', async () => {
      h.fake.fault({ kind: 'shape', data: {
        track_info: {
          id: 77, mid: '000TrackMid77', name: 'T', title: 'T', singer: [], interval: 200,
          album: { id: 5, mid: '000AlbumMid05', pmid: '000AlbumPmid5_1', name: 'A', time_public: '2019-03-04' },
          file: { media_mid: '000Media' },
        },
      } }, { module: 'music.pf_song_detail_svr' });
      const res = await h.http().get('/getSongInfo?songid=77').expect(200);
      expect(res.body.data.timePublic).toBe('2019-03-04');
      expect(res.body.data.album.cover).toContain('000AlbumPmid5_1');
      expect(res.body.data.album.cover).not.toContain('000AlbumMid05');
    });
  });

  describe('singers', () => {
    it('getSimilarSinger builds singerPic from the singer MID when upstream sends no picture', async () => {
      h.fake.fault({ kind: 'shape', data: { singerlist: [{ singerId: 1, singerMid: '0025NhlN2yWrP4', singerName: 'Someone' }] } },
        { module: 'music.SimilarSingerSvr' });
      const res = await h.http().get('/getSimilarSinger?singermid=003Nz2So3XXYek').expect(200);
      expect(res.body.data.singers).toEqual([{
        singerMID: '0025NhlN2yWrP4',
        singerName: 'Someone',
        singerPic: expect.stringMatching(/^https:\/\/y\.gtimg\.cn\/music\/photo_new\/T001R\d+x\d+M0000025NhlN2yWrP4\.jpg/),
      }]);
    });

    it('getSingerStarNum: a negative count is no fan count (502), not a popularity of -1', async () => {
      h.fake.fault({ kind: 'shape', data: { num: -1 } }, { path: '/rsc/fcgi-bin/fcg_order_singer_getnum.fcg' });
      const res = await h.http().get('/getSingerStarNum?singermid=003Nz2So3XXYek').expect(502);
      expect(res.body).toEqual({ error: expect.stringContaining('fcg_order_singer_getnum.fcg'), errorCode: 'UPSTREAM_BAD_RESPONSE' });
    });
  });

  describe('GET /getSmartbox', () => {
    it('keeps an MV suggestion\'s vid apart from its mid', async () => {
      h.fake.fault({ kind: 'shape', data: { mv: { itemlist: [{ id: 7, mid: '1234567', vid: 'v0011abcdef', name: 'An MV', singer: 'S' }] } } },
        { path: '/splcloud/fcgi-bin/smartbox_new.fcg' });
      const res = await h.http().get('/getSmartbox?key=an').expect(200);
      expect(res.body.data.mvs).toEqual([{ id: 7, mid: '1234567', vid: 'v0011abcdef', name: 'An MV', singer: 'S' }]);
    });
  });

  describe('GET /getSearchByKey', () => {
    it('accepts a key of 100 characters and rejects 101 with 400 naming key, asking nothing upstream', async () => {
      await h.http().get(`/getSearchByKey?key=${'a'.repeat(100)}`).expect(200);
      expect(h.fake.musicuCalls('music.search.SearchCgiService.DoSearchForQQMusicDesktop')[0].param.query).toBe('a'.repeat(100));
      h.fake.reset();
      const res = await h.http().get(`/getSearchByKey?key=${'a'.repeat(101)}`).expect(400);
      expect(res.body).toEqual({ error: 'key must be at most 100 characters', errorCode: 'BAD_REQUEST' });
      expect(h.fake.requests).toHaveLength(0);
    });
  });
});
