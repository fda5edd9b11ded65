import { catalog, trackCore } from '../catalog';
import type { FakeContext, FakeRoutes, HttpHandler, MusicuHandler } from '../fake-upstream';
import type { FakeState } from '../state';
import { fakeMvItem } from './mv';
import { CATEGORY_SIZE } from './playlists';
import { userState } from './user';

/**
 * The personal recommendations and a song's relations (docs/upstream/recommend.md). NO genuine fixture exists for any
 * of these calls: the answers use the field names docs/upstream/recommend.md lists (from the Python QQMusicApi project
 * and the clients cited there), with catalogue songs and the MV fixture's items.
 *
 * Modelling choices (not verified against the live service):
 * - The home feed, the web page, guess-you-like (station 99) and its older module want a login: a cookie without
 *   qqmusic_key / qm_keyst, or with a key expired in the user fake (expireFakeKey), is code 1000 (the page: no card).
 * - Each account has its own daily playlist: one of the by-tag playlists the playlist fakes open (7100000010…), picked
 *   from its uin, unless `dailyIds` names one. `feedWithoutCard` answers the feed with the card's id 0, as an
 *   anonymous feed shows it, so the web page fallback answers.
 * - Guess-you-like gives each account the next tracks on every call (a cursor per account).
 * - GetSongRelatedMv answers an empty list unless `songid` is a string and `songtype` 1 (what a 2026-09 client
 *   observed); `lastmvid` is the numeric id of the last MV shown.
 */

export interface RecommendFakeState {
  /** uin → the daily playlist's disstid (default: derived from the uin). */
  dailyIds: Map<string, string>;
  /** The feed's daily card has id 0 (as for an anonymous feed). */
  feedWithoutCard: boolean;
  /** uin → how many guess-you-like tracks that account has been given. */
  radioCursor: Map<string, number>;
}

export const recommendState = (state: FakeState): RecommendFakeState =>
  state.of('recommend', () => ({ dailyIds: new Map(), feedWithoutCard: false, radioCursor: new Map() }));

const SONGS_PER_BATCH = 3;
const NOT_LOGGED_IN = { code: 1000, data: {} };

function cookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

/** The logged-in account of a request (its uin), or undefined without a valid key. */
export function loggedInUin(ctx: FakeContext): string | undefined {
  const c = cookies(ctx.req.cookie);
  const key = c.qqmusic_key || c.qm_keyst;
  if (!key || userState(ctx.state).expiredKeys.has(key)) return undefined;
  return (c.uin ?? c.qqmusic_uin ?? c.wxuin ?? '0').replace(/^o0*/, '') || '0';
}

/** An account's daily playlist: one of the by-tag playlists 7100000010…(CATEGORY_SIZE - 1) the playlist fakes open. */
export function dailyIdOf(state: FakeState, uin: string): string {
  const named = recommendState(state).dailyIds.get(uin);
  if (named) return named;
  const span = CATEGORY_SIZE - 10;
  const index = 10 + ([...uin].reduce((n, ch) => n * 31 + ch.charCodeAt(0), 7) % span);
  return String(7100000000 + index);
}

const card = (id: string, title: string, cover: string) => ({ type: 500, id, title, subtitle: '', cover, jumpurl: '' });

const homeFeed: MusicuHandler = (_param, ctx) => {
  const uin = loggedInUin(ctx);
  if (uin === undefined) return NOT_LOGGED_IN;
  const id = recommendState(ctx.state).feedWithoutCard ? '0' : dailyIdOf(ctx.state, uin);
  const songs = catalog().slice(0, 4).map((s) => ({ type: 200, id: String(s.id), title: s.name, subtitle: s.singers[0]?.name ?? '', cover: '' }));
  return {
    code: 0,
    data: {
      v_shelf: [
        { id: 301, title_template: 'hi {String}', title_content: '今日为你打造', v_niche: [{ v_card: [card('99', '猜你喜欢', ''), card(id, '每日30首', `https://qpic.y.qq.com/music_cover/daily${uin}/300`)] }] },
        { id: 207, title_template: '大家都在听', title_content: '', v_niche: [{ v_card: songs }] },
      ],
      has_more: 1,
    },
  };
};

/** The web page: the "for you" block's first card is 今日私享, for a logged-in cookie only. */
const dailyPage: HttpHandler = (ctx) => {
  const uin = loggedInUin(ctx);
  const forYou = uin === undefined ? '' :
    `<ul class="mod_for_u"><li class="playlist__item"><img src="https://qpic.y.qq.com/music_cover/page${uin}/300" alt="今日私享" />` +
    `<a data-type="10014" data-rid="${dailyIdOf(ctx.state, uin)}">今日私享</a></li></ul>`;
  return { headers: { 'Content-Type': 'text/html; charset=utf-8' }, text: `<!DOCTYPE html><html><head><title>QQ音乐</title></head><body>${forYou}</body></html>` };
};

/** `num` tracks from `start` of the catalogue, wrapping round. */
function tracksFrom(start: number, num: number) {
  const all = catalog();
  return Array.from({ length: num }, (_, i) => trackCore(all[(start + i) % all.length]));
}

/** get_radio_track (both modules): station 99 per account and advancing; any other station its own fixed tracks. */
const radioTrack: MusicuHandler = (param, ctx) => {
  const id = Number(param.id ?? 0);
  const num = Math.min(Number(param.num ?? 5) || 5, 30);
  if (id !== 99) return { code: 0, data: { tracks: tracksFrom(id, num) } };
  const uin = loggedInUin(ctx);
  if (uin === undefined) return NOT_LOGGED_IN;
  const cursor = recommendState(ctx.state).radioCursor;
  const start = cursor.get(uin) ?? Number(uin) % 7;
  cursor.set(uin, start + num);
  return { code: 0, data: { tracks: tracksFrom(start, num), extra: { id: 99 } } };
};

/** GetRadiosonglist: a station's tracks (any station id; the older Koa fork's answer shape `tracks[]`). */
const radioSongList: MusicuHandler = (param) => ({ code: 0, data: { tracks: tracksFrom(Number(param.id ?? 0), Math.min(Number(param.num ?? 10) || 10, 30)) } });

/** Songs "like" a song: the catalogue songs after it. Unknown song (id 0) → empty lists. */
function similarTo(songid: number) {
  if (!songid) return [];
  const all = catalog();
  const at = Math.max(0, all.findIndex((s) => s.id === songid));
  return Array.from({ length: 5 }, (_, i) => all[(at + 1 + i) % all.length]).filter((s) => s.id !== songid);
}

const similarSongs: MusicuHandler = (param) => {
  const songs = similarTo(Number(param.songid ?? 0));
  return { code: 0, data: { vecSong: songs.map((s) => ({ track: trackCore(s), reason: '' })), songTagInfoList: [] } };
};

const simSongs: MusicuHandler = (param) => ({ code: 0, data: { songInfoList: similarTo(Number(param.songid ?? 0)).map(trackCore) } });

/** The related playlists of a song: the by-tag playlists 7100000010…, SONGS_PER_BATCH a batch. */
function relatedPlaylist(i: number) {
  const tid = 7100000010 + (i % (CATEGORY_SIZE - 10));
  return { tid, title: `Playlist 10000000-${tid - 7100000000}`, cover: `http://p.qpic.cn/music_cover/fake10000000_${tid - 7100000000}/600?n=1`, creator: { nick: `Creator ${i}` }, songnum: 12, play_cnt: 1000 + i };
}

const relatedPlaylists: MusicuHandler = (param) => {
  if (!Number(param.songid ?? 0)) return { code: 0, data: { vecPlaylist: [], vecPlaylistNew: [], hasMore: 0 } };
  const shown = new Set((Array.isArray(param.vecPlaylist) ? param.vecPlaylist : []).map(Number));
  const batch: any[] = [];
  for (let i = 0; i < CATEGORY_SIZE - 10 && batch.length < SONGS_PER_BATCH; i++) if (!shown.has(relatedPlaylist(i).tid)) batch.push(relatedPlaylist(i));
  const remaining = CATEGORY_SIZE - 10 - shown.size - batch.length;
  return {
    code: 0,
    data: { vecPlaylist: batch, vecPlaylistNew: [{ title: '喜欢这首歌的人也爱', playlists: [relatedPlaylist(20), relatedPlaylist(21)] }], hasMore: remaining > 0 ? 1 : 0 },
  };
};

const relatedGedan: MusicuHandler = (param) => {
  if (!Number(param.song_id ?? 0)) return { code: 0, data: { vec_gedan: [], has_more: 0 } };
  const items = [0, 1, 2].map((i) => {
    const p = relatedPlaylist(i + 5);
    return { tid: p.tid, dissname: p.title, imgurl: p.cover, creator_nick: p.creator.nick, song_cnt: p.songnum, listennum: p.play_cnt };
  });
  return { code: 0, data: { vec_gedan: items, has_more: 0 } };
};

/** A song's MVs: 7 fixture MVs, 3 a batch after the MV whose numeric id is `lastmvid`. */
const relatedMvs: MusicuHandler = (param) => {
  const song = Number(param.songid ?? 0);
  if (typeof param.songid !== 'string' || Number(param.songtype) !== 1 || !song) return { code: 0, data: { list: [], hasmore: 0 } };
  const all = Array.from({ length: 7 }, (_, i) => fakeMvItem(15, (song + i) % 10));
  const last = Number(param.lastmvid ?? 0);
  const from = last ? all.findIndex((m) => m.mvid === last) + 1 : 0;
  const batch = from > 0 || !last ? all.slice(from, from + (Number(param.num) || SONGS_PER_BATCH)) : [];
  return { code: 0, data: { list: batch, hasmore: from + batch.length < all.length ? 1 : 0 } };
};

export const recommendRoutes: FakeRoutes = {
  musicu: {
    'music.recommend.RecommendFeed.get_recommend_feed': homeFeed,
    'music.radioProxy.MbTrackRadioSvr.get_radio_track': radioTrack,
    'mb_track_radio_svr.get_radio_track': radioTrack,
    'pf.radiosvr.GetRadiosonglist': radioSongList,
    'music.recommend.TrackRelationServer.GetSimilarSongs': similarSongs,
    'rcmusic.similarSongRadioServer.get_simsongs': simSongs,
    'music.recommend.TrackRelationServer.GetRelatedPlaylist': relatedPlaylists,
    'music.mb_gedan_recommend_svr.get_related_gedan': relatedGedan,
    'MvService.MvInfoProServer.GetSongRelatedMv': relatedMvs,
  },
  http: {
    'c /node/musicmac/v6/index.html': dailyPage,
  },
};
