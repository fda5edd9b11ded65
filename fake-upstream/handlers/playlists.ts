import { catalog, songById, trackCore } from '../catalog';
import type { FakeReply, FakeRoutes, HttpHandler, MusicuHandler } from '../fake-upstream';
import { fixture } from '../fixtures';
import { OwnedFakePlaylist, seededPlaylist, songsOf, writtenLibrary, writtenPlaylist } from '../library-state';
import type { FakeState } from '../state';
import { likedDiss } from './library';
import { userState } from './user';

/**
 * Playlist routes of the fake upstream.
 * - fcg_get_diss_by_tag.fcg: the genuine `data` fragment (re-wrapped in the QQ envelope) opens category 10000000;
 *   every known category holds CATEGORY_SIZE playlists and the fake honours sin/ein (inclusive) like upstream.
 * - fcg_get_diss_tag_conf.fcg: the genuine categories fragment, re-wrapped.
 * - CgiGetDiss and fcg_ucc_getcdinfo_byids_cp.fcg: the genuine cdlist fragment (disstid 7024415872) plus the
 *   by-tag playlists with catalogue songs. The CgiGetDiss answer shape (`dirinfo`, `songlist`, `total_song_num`)
 *   has no recording: it is built from the field names public clients read (docs/upstream/playlists.md
 *   "Playlist detail").
 * - get_new_album_info: NO recording exists; built from the field list in docs/upstream/playlists.md "New albums"
 *   (`albums[{id, mid, name, singers[], photo{pic_mid}, release_time}], total`). The form of release_time is
 *   unknown, so a test can switch it between a date string and Unix seconds.
 */
export const CATEGORY_SIZE = 45;
export const GENUINE_DISSTID = '7024415872';

export interface FakePlaylistsState {
  /** categoryId → upstream business code the by-tag CGI answers with. */
  failingCategories: Map<number, number>;
  /** disstids the legacy detail CGI answers with a business code. */
  failingCdinfo: Map<string, number>;
  /** disstids that are private: CgiGetDiss answers an empty dirinfo, the CGI an empty cdlist. */
  privateIds: Set<string>;
  /** How get_new_album_info writes release_time. */
  releaseTimeAs: 'date' | 'unix';
}

export const playlistsState = (state: FakeState): FakePlaylistsState =>
  state.of('playlists', () => ({
    failingCategories: new Map<number, number>(),
    failingCdinfo: new Map<string, number>(),
    privateIds: new Set<string>(),
    releaseTimeAs: 'date' as const,
  }));

const knownCategories = (): number[] =>
  fixture('c-fcg-get-diss-tag-conf.categories.fragment.json').flatMap((g: any) => g.items.map((i: any) => Number(i.categoryId)));

/** The CATEGORY_SIZE playlists of a category: the genuine ten first for 10000000, then synthetic ones. */
function categoryPlaylists(categoryId: number): any[] {
  const genuine: any[] = categoryId === 10000000 ? fixture('c-fcg-get-diss-by-tag.data.fragment.json').list : [];
  const out = [...genuine];
  for (let i = out.length; i < CATEGORY_SIZE; i++) {
    out.push({
      dissid: String(7100000000 + (categoryId % 100000) * 100 + i),
      dissname: `Playlist ${categoryId}-${i}`,
      createtime: '2024-01-01',
      commit_time: '2024-01-01',
      imgurl: `http://p.qpic.cn/music_cover/fake${categoryId}_${i}/600?n=1`,
      introduction: '',
      listennum: 100000 - i,
      score: 0,
      version: 0,
      creator: { type: 0, qq: 10000 + i, encrypt_uin: `enc${i}`, name: `Creator ${i}`, isVip: 0, avatarUrl: '', followflag: 0 },
    });
  }
  return out;
}

const byTag: HttpHandler = ({ req, state }) => {
  const categoryId = Number(req.query.categoryId ?? 10000000);
  const sortId = Number(req.query.sortId ?? 5);
  const sin = Number(req.query.sin ?? 0);
  const ein = Number(req.query.ein ?? 29);
  const failing = playlistsState(state).failingCategories.get(categoryId);
  if (failing !== undefined) return { json: { code: failing, subcode: failing, message: 'fake: category failure', default: 0 } };
  const all = knownCategories().includes(categoryId) ? categoryPlaylists(categoryId) : [];
  return {
    json: {
      code: 0,
      subcode: 0,
      message: '',
      default: 0,
      data: { uin: 0, categoryId, sortId, sum: all.length, sin, ein, list: all.slice(sin, ein + 1) },
    },
  };
};

const tagConf: HttpHandler = () => ({
  json: { code: 0, subcode: 0, message: '', default: 0, data: { categories: fixture('c-fcg-get-diss-tag-conf.categories.fragment.json') } },
});

/** One playlist the fake knows, in the legacy cdlist shape (new-format songs). */
function cdOf(disstid: string): any {
  const genuine = fixture('c-fcg-ucc-getcdinfo-byids-cp.cdlist.fragment.json')[0];
  if (disstid === GENUINE_DISSTID) return genuine;
  const item = categoryPlaylists(10000000).find((p) => p.dissid === disstid);
  if (!item) return undefined;
  const songs = catalog().slice(0, 12).map((s) => ({
    id: s.id,
    mid: s.mid,
    name: s.name,
    title: s.name,
    singer: s.singers.map((x) => ({ ...x, title: x.name })),
    album: { id: s.albumId, mid: s.albumMid, name: s.albumName, title: s.albumName, subtitle: '' },
    interval: s.interval,
    file: { media_mid: s.mediaMid },
  }));
  return {
    ...genuine,
    disstid,
    dissid: Number(disstid) % 10000000,
    dissname: item.dissname,
    desc: `About ${item.dissname}`,
    logo: item.imgurl,
    nickname: item.creator.name,
    nick: item.creator.name,
    visitnum: item.listennum,
    songnum: songs.length,
    total_song_num: songs.length,
    cur_song_num: songs.length,
    songids: songs.map((s) => s.id).join(','),
    songlist: songs,
  };
}

const cgiDiss: MusicuHandler = (param, ctx) => {
  if (Number(param?.dirid) === 201 && param?.enc_host_uin) return likedDiss(param, ctx);
  const { state } = ctx;
  const disstid = String(param.disstid ?? '');
  const owned = writtenPlaylist(state, disstid);
  if (owned) return ownedDiss(owned, param);
  const cd = playlistsState(state).privateIds.has(disstid) ? undefined : cdOf(disstid);
  // A user model's own playlist that no write touched yet: its seeded songs (every account's playlists open).
  const seeded = cd ? undefined : seededPlaylist([...userState(state).users.values()].filter((u) => !writtenLibrary(state, u.uin)), disstid);
  if (seeded) return ownedDiss(seeded, param);
  if (!cd) return { code: 0, data: { code: 0, dirinfo: {}, songlist: [], total_song_num: 0, hasmore: 0 } };
  const begin = Number(param.song_begin ?? 0);
  const num = Number(param.song_num ?? 10);
  const songlist = cd.songlist.slice(begin, begin + num);
  return {
    code: 0,
    data: {
      code: 0,
      dirinfo: {
        id: Number(cd.disstid),
        dirid: 0,
        title: cd.dissname,
        desc: cd.desc,
        picurl: cd.logo,
        songnum: cd.total_song_num,
        listennum: cd.visitnum,
        host_uin: Number(cd.uin ?? 0),
        host_nick: cd.nickname,
        ctime: cd.ctime ?? 0,
        mtime: cd.mtime ?? 0,
        creator: { musicid: Number(cd.uin ?? 0), nick: cd.nickname, headurl: cd.headurl ?? '', encrypt_uin: cd.encrypt_uin ?? '' },
        tag: (cd.tags ?? []).map((t: any) => ({ id: t.id, name: t.name })),
      },
      songlist,
      total_song_num: cd.total_song_num,
      songlist_size: songlist.length,
      hasmore: begin + songlist.length < cd.total_song_num ? 1 : 0,
      filtered_song: [],
      invalid_song: [],
    },
  };
};

/** A playlist a library write changed or created (../library-state.ts): its owner's current songs and name. */
function ownedDiss({ owner, playlist }: { owner: { uin: string }; playlist: OwnedFakePlaylist }, param: any) {
  const ids = songsOf(playlist);
  const begin = Number(param.song_begin ?? 0);
  const songlist = ids.slice(begin, begin + Number(param.song_num ?? 10)).map((id) => ({ ...trackCore(songById(id)), file: { media_mid: songById(id).mediaMid } }));
  const dirinfo = {
    id: playlist.dissid,
    dirid: playlist.dirid,
    title: playlist.title,
    desc: '',
    picurl: playlist.picurl ?? '',
    songnum: ids.length,
    listennum: 0,
    host_uin: Number(owner.uin),
    host_nick: `User ${owner.uin}`,
    creator: { musicid: Number(owner.uin), nick: `User ${owner.uin}`, headurl: '', encrypt_uin: `owSfoKEq${owner.uin}oz` },
    tag: [],
  };
  const hasmore = begin + songlist.length < ids.length ? 1 : 0;
  return { code: 0, data: { code: 0, dirinfo, songlist, total_song_num: ids.length, songlist_size: songlist.length, hasmore, filtered_song: [], invalid_song: [] } };
}

/** The legacy detail CGI checks the Referer: anything but a y.qq.com page gets an empty body, as upstream does. */
const cdinfo: HttpHandler = ({ req, state }): FakeReply => {
  const referer = String(req.headers.referer ?? '');
  if (!referer.startsWith('https://y.qq.com/')) return { text: '' };
  const disstid = String(req.query.disstid ?? '');
  const st = playlistsState(state);
  const failing = st.failingCdinfo.get(disstid);
  if (failing !== undefined) return { json: { code: failing, subcode: failing, msg: 'fake: cdinfo failure' } };
  const cd = st.privateIds.has(disstid) ? undefined : cdOf(disstid);
  if (!cd) return { json: { code: 0, subcode: 0, cdlist: [] } };
  const begin = Number(req.query.song_begin ?? 0);
  const num = Number(req.query.song_num ?? cd.songlist.length);
  const songlist = cd.songlist.slice(begin, begin + num);
  // The page's own counters, as upstream fills them (the recorded fragment's header still counts its 20 songs).
  const page = { song_begin: begin, cur_song_num: songlist.length, songids: songlist.map((t: any) => t.id).join(','), songlist };
  return { json: { code: 0, subcode: 0, accessed_plaza_cache: 1, cdlist: [{ ...cd, ...page }] } };
};

/** New albums per area: the catalogue's albums (area 1) or synthetic ones, newest first, 2 days apart. */
function newAlbums(area: number, releaseTimeAs: 'date' | 'unix'): any[] {
  if (area < 1 || area > 6) return [];
  const seen = new Set<string>();
  const real = area === 1 ? catalog().filter((s) => s.albumMid && !seen.has(s.albumMid) && seen.add(s.albumMid)) : [];
  const base = Date.UTC(2026, 10, 20, 16); // 2026-11-21 00:00 in China time
  return Array.from({ length: 30 }, (_, i) => {
    const song = real[i];
    const at = base - i * 2 * 86400000;
    const china = new Date(at + 8 * 3600000).toISOString().slice(0, 10);
    const mid = song?.albumMid ?? `00AREA${area}ALB${String(i).padStart(3, '0')}`;
    return {
      id: song?.albumId ?? area * 100000 + i,
      mid,
      name: song?.albumName ?? `New album ${area}-${i}`,
      singers: song ? song.singers : [{ id: 5000 + i, mid: `00SINGER${area}${i}`, name: `Singer ${area}-${i}` }],
      photo: { pic_mid: i % 3 === 0 ? `${mid}_pic` : '' },
      release_time: releaseTimeAs === 'unix' ? Math.floor(at / 1000) : china,
      type: 'Album',
      company: { id: 1, name: 'Fake Records' },
    };
  });
}

const newAlbumInfo: MusicuHandler = (param, { state }) => {
  const area = Number(param.area ?? 1);
  const start = Number(param.start ?? param.sin ?? 0);
  const num = Number(param.num ?? 20);
  const all = newAlbums(area, playlistsState(state).releaseTimeAs);
  return { code: 0, data: { albums: all.slice(start, start + num), total: all.length, area, type: 0 } };
};

export const playlistsRoutes: FakeRoutes = {
  musicu: {
    'music.srfDissInfo.DissInfo.CgiGetDiss': cgiDiss,
    'newalbum.NewAlbumServer.get_new_album_info': newAlbumInfo,
  },
  http: {
    'c /splcloud/fcgi-bin/fcg_get_diss_by_tag.fcg': byTag,
    'c /splcloud/fcgi-bin/fcg_get_diss_tag_conf.fcg': tagConf,
    'c /qzone/fcg-bin/fcg_ucc_getcdinfo_byids_cp.fcg': cdinfo,
  },
};
