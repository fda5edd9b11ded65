import fc from 'fast-check';
import { withOldNames } from '../../src/common/answer-schema';
import { DAILY_PLAYLIST_RENAMES, RELATED_PLAYLIST_RENAMES } from '../../src/recommend/recommend.answers';
import { rekey } from '../../src/legacy/legacy-recommend.service';
import {
  mapDailySongs,
  mapRadioTracks,
  mapRelatedMvs,
  mapRelatedPlaylist,
  mapRelatedPlaylists,
  mapSimilarSongs,
  mapTracks,
} from '../../src/recommend/recommend.mapper';
import { findDailyCard, pageCard } from '../../src/upstream/clients/recommend.client';

const track = (id: number, mid: string, name = `Song ${id}`) => ({
  id,
  mid,
  name,
  singer: [{ id: 1, mid: 'S1', name: 'A' }, { id: 2, mid: 'S2', name: 'B' }],
  album: { id: 9, mid: 'AL1', name: 'Album' },
  interval: 200,
});
const item = (id: number, mid: string) => ({ songname: `Song ${id}`, singer: 'A/B', songmid: mid, songid: id, albumName: 'Album', albumMid: 'AL1', interval: 200 });

describe('mapTracks', () => {
  it('reads a track itself or nested under `track` / `songInfo`, and drops songs without a mid and repeats', () => {
    const list = [track(1, 'M1'), { track: track(2, 'M2') }, { songInfo: track(3, 'M3') }, track(4, ''), { track: track(1, 'M1') }, null, 7];
    expect(mapTracks(list)).toEqual([item(1, 'M1'), item(2, 'M2'), item(3, 'M3')]);
  });

  it('the old flat names too (songmid, songname, albumname)', () => {
    expect(mapTracks([{ songid: 5, songmid: 'M5', songname: 'Old', singer: [{ name: 'C' }], albumname: 'X', albummid: 'AX', interval: 1 }])).toEqual([
      { songname: 'Old', singer: 'C', songmid: 'M5', songid: 5, albumName: 'X', albumMid: 'AX', interval: 1 },
    ]);
  });

  it('property: never throws and every item has a mid, whatever upstream sends', () => {
    fc.assert(fc.property(fc.anything(), (v) => mapTracks(v).every((s) => typeof s.songmid === 'string' && s.songmid.length > 0)));
  });
});

describe('mapRadioTracks', () => {
  it('reads `tracks`, else the older `songlist` / `track_list`', () => {
    expect(mapRadioTracks({ tracks: [track(1, 'M1')] })).toEqual([item(1, 'M1')]);
    expect(mapRadioTracks({ songlist: [track(2, 'M2')] })).toEqual([item(2, 'M2')]);
    expect(mapRadioTracks({ track_list: [track(3, 'M3')] })).toEqual([item(3, 'M3')]);
    expect(mapRadioTracks(undefined)).toEqual([]);
  });
});

describe('mapSimilarSongs', () => {
  it('`vecSong[].track` first; else the groups of `vecSongNew`; else the fallback\'s `songInfoList`', () => {
    expect(mapSimilarSongs({ vecSong: [{ track: track(1, 'M1') }], vecSongNew: [{ vecSong: [{ track: track(2, 'M2') }] }] })).toEqual([item(1, 'M1')]);
    expect(mapSimilarSongs({ vecSongNew: [{ vecSong: [{ track: track(2, 'M2') }] }, { songs: [track(3, 'M3')] }] })).toEqual([item(2, 'M2'), item(3, 'M3')]);
    expect(mapSimilarSongs({ songInfoList: [track(4, 'M4')] })).toEqual([item(4, 'M4')]);
    expect(mapSimilarSongs(null)).toEqual([]);
  });
});

describe('mapRelatedPlaylists', () => {
  it('the batch, then the grouped items, without repeats or id-less items; hasMore from either spelling', () => {
    const data = {
      vecPlaylist: [{ tid: 11, title: 'One', cover: 'c1', creator: { nick: 'N' }, songnum: 3, play_cnt: 9 }, { tid: 0, title: 'no id' }],
      vecPlaylistNew: [{ title: 'group', playlists: [{ tid: 11, title: 'One again' }, { dissid: '12', dissname: 'Two', imgurl: 'c2', nickname: 'M', song_cnt: 4, listennum: 8 }] }],
      hasMore: 1,
    };
    expect(mapRelatedPlaylists(data)).toEqual({
      playlists: [
        withOldNames({ dissid: '11', dissname: 'One', cover: 'c1', creator: 'N', songCount: 3, listen_num: 9 }, RELATED_PLAYLIST_RENAMES),
        withOldNames({ dissid: '12', dissname: 'Two', cover: 'c2', creator: 'M', songCount: 4, listen_num: 8 }, RELATED_PLAYLIST_RENAMES),
      ],
      hasMore: true,
    });
    expect(mapRelatedPlaylists({ vec_gedan: [{ tid: 5, dissname: 'G' }], has_more: 0 })).toMatchObject({ playlists: [{ dissid: '5', dissname: 'G' }], hasMore: false });
  });

  it('a cover object gives its default URL; a Playlist.basic wrapper is read through', () => {
    expect(mapRelatedPlaylist({ Playlist: { basic: { tid: 3, title: 'T', cover: { default_url: 'u', small_url: 's' } } } })).toMatchObject({ dissid: '3', cover: 'u', picurl: 'u' });
  });
});

describe('mapRelatedMvs', () => {
  it('MV items as /getMv lists them, hasmore, and the last numeric mvid as the cursor', () => {
    const data = { list: [{ vid: 'v1', mvid: 10, title: 'A', picurl: 'p', singers: [{ mid: 's', name: 'S' }] }, { vid: '', mvid: 11 }, { vid: 'v2', mvid: 12, title: 'B' }], hasmore: 1 };
    const res = mapRelatedMvs(data);
    expect(res.mvs.map((m) => m.vid)).toEqual(['v1', 'v2']);
    expect(res.mvs[0]).toMatchObject({ vid: 'v1', mvId: 10, mvid: 10, title: 'A', cover: 'p', singers: [{ mid: 's', name: 'S' }] });
    expect([res.hasMore, res.lastMvid]).toEqual([true, 12]);
    expect(mapRelatedMvs({ list: [] })).toEqual({ mvs: [], hasMore: false, lastMvid: 0 });
  });
});

describe('mapDailySongs', () => {
  const card = { id: '42', title: '每日30首', cover: 'card-cover' };
  it('from CgiGetDiss: the playlist header, songs with a mid, the total; the card fills what the playlist lacks', () => {
    const dissInfo = { dirinfo: { id: 42, title: '', picurl: '' }, songlist: [track(1, 'M1'), track(2, '')], total_song_num: 30 };
    expect(mapDailySongs({ dissInfo }, card)).toEqual({ playlist: withOldNames({ dissid: '42', dissname: '每日30首', cover: 'card-cover' }, DAILY_PLAYLIST_RENAMES), songs: [item(1, 'M1')], total: 30 });
  });

  it('from the legacy CGI\'s cdlist; null when upstream shows no such playlist', () => {
    const cdlist = [{ disstid: '42', dissname: 'Daily', logo: 'l', songlist: [track(1, 'M1')], total_song_num: 1 }];
    expect(mapDailySongs({ cdlist }, card)).toEqual({ playlist: withOldNames({ dissid: '42', dissname: 'Daily', cover: 'l' }, DAILY_PLAYLIST_RENAMES), songs: [item(1, 'M1')], total: 1 });
    expect(mapDailySongs({ dissInfo: { dirinfo: {} } }, card)).toBeNull();
    expect(mapDailySongs({ cdlist: [] }, card)).toBeNull();
  });
});

describe('the daily card', () => {
  const feed = (cards: unknown[]) => ({ v_shelf: [{ v_niche: [{ v_card: [{ title: '猜你喜欢', id: '99' }] }] }, { v_niche: [{ v_card: cards }] }] });
  it('the feed\'s 每日30首 card with a real id; the anonymous card (id 0) is no card', () => {
    expect(findDailyCard(feed([{ title: '每日30首', id: '8123456789', cover: 'c' }]))).toEqual({ id: '8123456789', title: '每日30首', cover: 'c' });
    expect(findDailyCard(feed([{ title: '每日30首', id: 0 }]))).toBeUndefined();
    expect(findDailyCard(feed([{ title: '每日30首', id: '12x' }]))).toBeUndefined();
    expect(findDailyCard({ v_shelf: 'nope' })).toBeUndefined();
    expect(findDailyCard(undefined)).toBeUndefined();
  });

  it('the web page\'s 今日私享 card, in the forms its readers match', () => {
    expect(pageCard('<img src="https://p/x.jpg" alt="今日私享" /><a data-type="10014" data-rid="5187073319">今日私享</a>')).toEqual({ id: '5187073319', title: '今日私享', cover: 'https://p/x.jpg' });
    expect(pageCard('<a data-rid="77" class="js_daily">今日私享</a>')).toMatchObject({ id: '77', cover: '' });
    expect(pageCard('<html><body>nothing for you</body></html>')).toBeUndefined();
  });
});

describe('rekey (legacy keys of /getPersonalRecommend)', () => {
  it('renames the key, or puts a body without it (a CGI answer) under the new key', () => {
    expect(rekey({ code: 0, radiolist: { code: 0, data: 1 } }, 'radiolist', 'radio')).toEqual({ code: 0, radio: { code: 0, data: 1 } });
    expect(rekey({ code: 0, data: { groupList: [] } }, 'radiolist', 'radio')).toEqual({ code: 0, radio: { code: 0, data: { groupList: [] } } });
    expect(rekey(null, 'a', 'b')).toEqual({ code: 0, b: {} });
  });
});
