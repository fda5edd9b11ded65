import { catalog, CatalogSong, songById } from '../catalog';
import type { FakeRoutes, HttpHandler, MusicuHandler } from '../fake-upstream';
import { fixture, fixtureText } from '../fixtures';

/**
 * Search routes of the fake upstream.
 * - DoSearchForQQMusicDesktop: no recording exists; built from the documented answer (docs/upstream/search.md
 *   "Desktop search": `data.body.{song|singer|album|songlist|mv}.list`, `meta.sum`) over the song catalogue, the
 *   genuine by-tag playlists and the genuine MV list. Like upstream (teamspeak-music-bot#61), it answers EMPTY lists
 *   when `num_per_page` < 10 or a `searchid` is sent.
 * - DoSearchForQQMusicMobile: no recording either; see mobileSearch.
 * - client_search_cp: the genuine recording (keyword 简单爱) for that key; other keys get the same old shape built
 *   from the catalogue. Only song/lyric searches have data in the fallback; other types answer empty sections.
 * - gethotkey.fcg: the genuine recording.
 * - GetHotkeyForQQMusicMobile: NO recording exists; built from the shape its clients read (`vec_hotkey[{ query,
 *   title, score }]`) over the recorded CGI's keywords, unpadded, so both calls give the same hot keys.
 * - smartbox_new.fcg: NO recording exists; built from the known shape `data.{song,singer,album,mv}.itemlist[{id,
 *   mid, name, singer}]` over the catalogue (a few Latin names read as the singer's, LATIN_NAMES); sections without
 *   matches are left out.
 * - fcg_myqq_toplist.fcg: the genuine recording, sent as JSONP `jsonCallback(...)` (as the h5 CGI may answer), so the
 *   gateway's JSONP parsing is exercised.
 */

const matches = (text: string, query: string): boolean => text.toLowerCase().includes(query.toLowerCase());
const songMatches = (s: CatalogSong, q: string): boolean =>
  matches(s.name, q) || s.singers.some((x) => matches(x.name, q)) || matches(s.albumName, q);

const hl = (text: string, q: string): string => (q && text.includes(q) ? text.split(q).join(`<em>${q}</em>`) : text);

/** The songs search looks through: the catalogue plus 40 synthetic ones ("Song 800000"…), so paging has room. */
export function searchCorpus(): CatalogSong[] {
  return [...catalog(), ...Array.from({ length: 40 }, (_, i) => songById(800000 + i))];
}

export function songsFor(q: string): CatalogSong[] {
  return searchCorpus().filter((s) => songMatches(s, q));
}

function singersFor(q: string): any[] {
  const seen = new Map<string, { id: number; mid: string; name: string; songs: number }>();
  for (const s of catalog()) {
    for (const x of s.singers) {
      if (!matches(x.name, q)) continue;
      const cur = seen.get(x.mid) ?? { ...x, songs: 0 };
      cur.songs++;
      seen.set(x.mid, cur);
    }
  }
  return [...seen.values()].map((x) => ({
    singerID: x.id,
    singerMID: x.mid,
    singerName: hl(x.name, q),
    singerPic: `http://y.gtimg.cn/music/photo_new/T001R150x150M000${x.mid}.jpg`,
    songNum: x.songs,
    albumNum: 1,
    mvNum: 0,
  }));
}

function albumsFor(q: string): any[] {
  const seen = new Set<string>();
  return catalog()
    .filter((s) => s.albumMid && (matches(s.albumName, q) || s.singers.some((x) => matches(x.name, q))))
    .filter((s) => !seen.has(s.albumMid) && seen.add(s.albumMid))
    .map((s) => ({
      albumID: s.albumId,
      albumMID: s.albumMid,
      albumName: hl(s.albumName, q),
      singerName: s.singers.map((x) => x.name).join('/'),
      singer_list: s.singers,
      publicTime: '2001-09-14',
      albumPic: `http://y.gtimg.cn/music/photo_new/T002R180x180M000${s.albumMid}.jpg`,
      song_count: 10,
    }));
}

function playlistsFor(q: string): any[] {
  return fixture('c-fcg-get-diss-by-tag.data.fragment.json')
    .list.filter((p: any) => matches(p.dissname, q) || matches(p.creator?.name ?? '', q))
    .map((p: any) => ({
      dissid: p.dissid,
      dissname: hl(p.dissname, q),
      creator: { name: p.creator.name, qq: p.creator.qq },
      listennum: p.listennum,
      imgurl: p.imgurl,
      song_count: 20,
      introduction: p.introduction,
    }));
}

function mvsFor(q: string): any[] {
  return fixture('musicu-mv-getallocmvinfo.data.fragment.json')
    .list.filter((m: any) => matches(m.title, q) || m.singers.some((x: any) => matches(x.name, q)))
    .map((m: any) => ({
      v_id: m.vid,
      mv_id: m.mvid,
      mv_name: hl(m.title, q),
      singer_name: m.singers.map((x: any) => x.name).join('/'),
      singer_list: m.singers,
      mv_pic_url: m.picurl,
      play_count: m.playcnt,
      duration: m.duration,
      publish_date: new Date(m.pubdate * 1000).toISOString().slice(0, 10),
    }));
}

/**
 * Users for search_type 8. No user search answer was ever recorded: a section `user.list` of the catalogue's singers
 * as accounts, in field names of the profile answers (encrypt_uin, nick, headpic), as a stand-in the gateway passes on.
 */
function usersFor(q: string): any[] {
  return singersFor(q).map((x, i) => ({ encrypt_uin: `owfake${String(i).padStart(4, '0')}`, nick: x.singerName, headpic: x.singerPic, fans_num: 1000 + i }));
}

/** MV vid of the fake's songs that have one (not recorded: a plausible vid for 晴天). */
export const SEARCH_MV_VIDS: Record<string, string> = { '0039MnYb0qxYhV': 'n0010BCw40f' };

/**
 * A catalogue song in the new track shape the Desktop search answers with. `pay` and `mv` are not in the catalogue:
 * plausible values in upstream's spelling (pay_play 0 = free to play; odd song ids need Green VIP for 320k/lossless).
 */
const trackOf = (s: CatalogSong, q: string, lyric: boolean) => ({
  id: s.id,
  mid: s.mid,
  name: s.name,
  title: hl(s.name, q),
  singer: s.singers.map((x) => ({ ...x, title: x.name })),
  album: { id: s.albumId, mid: s.albumMid, name: s.albumName, title: s.albumName },
  interval: s.interval,
  file: { media_mid: s.mediaMid },
  pay: { pay_play: 0, pay_month: s.id % 2, pay_down: s.id % 2, price_track: 200, price_album: 0, pay_status: 0, time_free: 0 },
  mv: { id: 0, vid: SEARCH_MV_VIDS[s.mid] ?? '' },
  ...(lyric ? { content: `${hl(s.name, q)} … ${hl(q, q)} …` } : {}),
});

const desktopSearch: MusicuHandler = (param) => {
  const q = String(param.query ?? '');
  const type = Number(param.search_type ?? 0);
  const page = Number(param.page_num ?? 1);
  const per = Number(param.num_per_page ?? 10);
  const degraded = per < 10 || param.searchid !== undefined || !q;
  let all: any[] = [];
  if (!degraded) {
    if (type === 0 || type === 7) all = songsFor(q).map((s) => trackOf(s, q, type === 7));
    else if (type === 1) all = singersFor(q);
    else if (type === 2) all = albumsFor(q);
    else if (type === 3) all = playlistsFor(q);
    else if (type === 4) all = mvsFor(q);
    else if (type === 8) all = usersFor(q);
  }
  const list = all.slice((page - 1) * per, page * per);
  const section = type === 0 || type === 7 ? 'song' : type === 1 ? 'singer' : type === 2 ? 'album' : type === 3 ? 'songlist' : type === 8 ? 'user' : 'mv';
  const body: Record<string, unknown> = { song: { list: [] }, singer: { list: [] }, album: { list: [] }, songlist: { list: [] }, mv: { list: [] }, user: { list: [] }, zhida: {} };
  body[section] = { list };
  return {
    code: 0,
    data: {
      body,
      code: 0,
      meta: { sum: all.length, estimate_sum: all.length, curpage: page, nextpage: page * per < all.length ? page + 1 : -1, perpage: per, query: q },
      ver: 1,
    },
  };
};

/**
 * The Mobile search's item shapes (no recording exists): the field names third-party clients read from it (`mid`,
 * `id`, `name`, `pic`, `singer_list`, `time_public`, `songnum`, `vid`, `singername`…), over the same data as the
 * Desktop items, so both map to the same hits.
 */
const mobileItem: Record<number, (item: any) => any> = {
  1: (x) => ({ id: x.singerID, mid: x.singerMID, name: x.singerName, pic: x.singerPic, songNum: x.songNum, albumNum: x.albumNum, mvNum: x.mvNum }),
  2: (a) => ({ id: a.albumID, mid: a.albumMID, name: a.albumName, pic: a.albumPic, singer_list: a.singer_list, time_public: a.publicTime, song_num: a.song_count }),
  3: (p) => ({ id: p.dissid, title: p.dissname, creator: p.creator, picurl: p.imgurl, songnum: p.song_count, listennum: p.listennum }),
  4: (m) => ({ vid: m.v_id, id: m.mv_id, title: m.mv_name, singername: m.singer_name, pic: m.mv_pic_url, play_count: m.play_count, duration: m.duration, publish_date: m.publish_date }),
};
const MOBILE_SECTION: Record<number, string> = { 0: 'item_song', 7: 'item_song', 1: 'singer', 2: 'item_album', 3: 'item_songlist', 4: 'item_mv' };

/**
 * DoSearchForQQMusicMobile (docs/upstream/search.md "Mobile search"): answers only when signed (on musics.fcg; per-key code
 * 2000 on musicu.fcg, as upstream asks for a signature) and only to the Android comm (`ct` 11; any other comm gets
 * empty lists). Sections are arrays named `item_<type>` (singers under `singer`), total in `meta.sum`.
 */
const mobileSearch: MusicuHandler = (param, { req, comm }) => {
  if (req.path !== '/cgi-bin/musics.fcg') return { code: 2000 };
  const q = String(param.query ?? '');
  const type = Number(param.search_type ?? 0);
  const page = Number(param.page_num ?? 1);
  const per = Number(param.num_per_page ?? 10);
  let all: any[] = [];
  if (Number(comm.ct) === 11 && q) {
    if (type === 0 || type === 7) all = songsFor(q).map((s) => trackOf(s, q, type === 7));
    else if (type === 1) all = singersFor(q).map(mobileItem[1]);
    else if (type === 2) all = albumsFor(q).map(mobileItem[2]);
    else if (type === 3) all = playlistsFor(q).map(mobileItem[3]);
    else if (type === 4) all = mvsFor(q).map(mobileItem[4]);
  }
  const body: Record<string, unknown> = { item_song: [], singer: [], item_album: [], item_songlist: [], item_mv: [], direct_result: {} };
  body[MOBILE_SECTION[type] ?? 'item_song'] = all.slice((page - 1) * per, page * per);
  return { code: 0, data: { body, code: 0, meta: { sum: all.length, estimate_sum: all.length, curpage: page, perpage: per, query: q }, ver: 1 } };
};

const GENUINE_SEARCH_KEY = '简单爱';

/** The old `client_search_cp` song row shape (as in the genuine recording). */
const oldSongOf = (s: CatalogSong, q: string) => ({
  albumid: s.albumId,
  albummid: s.albumMid,
  albumname: s.albumName,
  albumname_hilight: hl(s.albumName, q),
  interval: s.interval,
  media_mid: s.mediaMid,
  singer: s.singers.map((x) => ({ ...x, name_hilight: hl(x.name, q) })),
  songid: s.id,
  songmid: s.mid,
  songname: s.name,
  songname_hilight: hl(s.name, q),
  strMediaMid: s.mediaMid,
});

const clientSearch: HttpHandler = ({ req }) => {
  const q = String(req.query.w ?? '');
  const n = Number(req.query.n ?? 10);
  const p = Number(req.query.p ?? 1);
  const t = Number(req.query.t ?? 0);
  const genuine = fixture('c-soso-client-search-cp.json');
  const all: any[] = t === 0 || t === 7 ? (q === GENUINE_SEARCH_KEY ? genuine.data.song.list : songsFor(q).map((s) => oldSongOf(s, q))) : [];
  const list = all.slice((p - 1) * n, p * n);
  const section = { curnum: list.length, curpage: p, list, totalnum: q === GENUINE_SEARCH_KEY && t === 0 ? genuine.data.song.totalnum : all.length };
  const empty = { curnum: 0, curpage: p, list: [], totalnum: 0 };
  return {
    json: {
      ...genuine,
      data: {
        ...genuine.data,
        keyword: q,
        song: t === 0 ? section : empty,
        lyric: t === 7 ? section : empty,
        album: empty,
        singer: empty,
        mv: empty,
        songlist: empty,
      },
    },
  };
};

const hotkey: HttpHandler = () => ({ json: fixture('c-fcg-gethotkey.json') });

const musicuHotkey: MusicuHandler = () => ({
  code: 0,
  data: {
    vec_hotkey: fixture('c-fcg-gethotkey.json').data.hotkey.map((h: { k: string; n: number }, i: number) => ({
      query: h.k.trim(),
      title: h.k.trim(),
      score: h.n,
      source: 1,
      id: i + 1,
    })),
  },
});

/**
 * Latin spellings suggestions match as the singer's name (upstream's smartbox suggests 周杰伦 for "jay", as its web
 * player shows): the catalogue names singers in Chinese only, and the documented example asks `key=jay`.
 */
const LATIN_NAMES: Record<string, string> = { jay: '周杰伦', 'jay chou': '周杰伦', zhoujielun: '周杰伦' };

const smartbox: HttpHandler = ({ req }) => {
  const key = String(req.query.key ?? '');
  const q = LATIN_NAMES[key.trim().toLowerCase()] ?? key;
  const sections: Record<string, { count: number; itemlist: any[]; name: string; order: number; type: number }> = {};
  const add = (key: string, name: string, order: number, type: number, items: any[]) => {
    if (items.length) sections[key] = { count: items.length, itemlist: items.slice(0, 4), name, order, type };
  };
  add('song', '单曲', 0, 1, songsFor(q).map((s) => ({ docid: String(s.id), id: String(s.id), mid: s.mid, name: s.name, singer: s.singers.map((x) => x.name).join('/') })));
  add('singer', '歌手', 1, 2, singersFor(q).map((x) => ({ docid: String(x.singerID), id: String(x.singerID), mid: x.singerMID, name: x.singerName.replace(/<\/?em>/g, ''), pic: x.singerPic, singer: x.singerName.replace(/<\/?em>/g, '') })));
  add('album', '专辑', 2, 3, albumsFor(q).map((a) => ({ docid: String(a.albumID), id: String(a.albumID), mid: a.albumMID, name: a.albumName.replace(/<\/?em>/g, ''), pic: a.albumPic, singer: a.singerName })));
  add('mv', 'MV', 3, 4, mvsFor(q).map((m) => ({ docid: String(m.mv_id), id: String(m.mv_id), mid: m.v_id, vid: m.v_id, name: m.mv_name.replace(/<\/?em>/g, ''), singer: m.singer_name })));
  return { json: { code: 0, data: sections, subcode: 0 } };
};

const toplist: HttpHandler = () => ({
  headers: { 'Content-Type': 'application/x-javascript; charset=utf-8' },
  text: `jsonCallback(${fixtureText('c-fcg-myqq-toplist.json').trim()})`,
});

export const searchRoutes: FakeRoutes = {
  musicu: {
    'music.search.SearchCgiService.DoSearchForQQMusicDesktop': desktopSearch,
    'music.search.SearchCgiService.DoSearchForQQMusicMobile': mobileSearch,
    'music.musicsearch.HotkeyService.GetHotkeyForQQMusicMobile': musicuHotkey,
  },
  http: {
    'c /soso/fcgi-bin/client_search_cp': clientSearch,
    'c /splcloud/fcgi-bin/gethotkey.fcg': hotkey,
    'c /splcloud/fcgi-bin/smartbox_new.fcg': smartbox,
    'c /v8/fcg-bin/fcg_myqq_toplist.fcg': toplist,
  },
};
