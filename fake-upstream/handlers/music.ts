import { catalog, CatalogSong, songById, songByMid } from '../catalog';
import type { FakeRoutes, HttpHandler, MusicuHandler } from '../fake-upstream';
import { fixture } from '../fixtures';
import type { FakeState } from '../state';

/** An album a test defines (songs by catalogue id); otherwise albums are derived from the catalogue. */
export interface FakeAlbum {
  id: number;
  mid: string;
  name: string;
  publishDate: string;
  company: string;
  desc: string;
  songIds: number[];
}

/**
 * Scenario state of the music routes.
 * - failingSongIds: song ids whose detail lookup fails (key code 500001), for partial-failure tests.
 * - omittedSongIds: song ids whose detail key is missing from the answer (the envelope has the other keys).
 * - vipMids: songs whose vkey answer has an empty purl with result 104003 (no rights), for every file, trial included.
 * - trialOnlyMids: songs refused like vipMids except their trial clip (`RS02` names): a paid song without rights.
 * - refusedLevels: per MID, file prefixes (e.g. 'AI00', 'F000') refused like vipMids: the VIP refusal of one level.
 * - encryptedOnlyLevels: per MID, file prefixes upstream hands out only encrypted: the plain name's entry points at the
 *   .mflac/.mgg file and carries an `ekey` (the gateway must not serve it).
 * - fileSizes: per MID, `track_info.file` size fields replacing the fixture's (see LEVEL_SONGS for the built-in ones).
 * - sip: overrides the `sip` list of vkey answers (undefined = the genuine fixture's list).
 * - lyrics: per-MID lyric text (plain; the fake base64-encodes it); noLyricMids answer retcode -1901;
 *   jsonpLyricMids answer as `MusicJsonCallback(...)` even when format=json was asked.
 * - albums: extra albums by MID.
 * - albumSongsEmptyOnWebComm: album MIDs whose AlbumSongList answers code 0 with no songs (totalNum 0) unless the comm
 *   is the Android one (ct 11): the case the Android retry is for (docs/upstream/README.md "Android retry").
 * - songFans: per song id, its GetSongFansNumberById entry `{ number, show }` (replacing SONG_FANS' or the default);
 *   null leaves the song out of the answer.
 */
export const musicState = (state: FakeState) =>
  state.of('music', () => ({
    failingSongIds: new Set<number>(),
    omittedSongIds: new Set<number>(),
    vipMids: new Set<string>(),
    trialOnlyMids: new Set<string>(),
    refusedLevels: new Map<string, Set<string>>(),
    encryptedOnlyLevels: new Map<string, Set<string>>(),
    fileSizes: new Map<string, Record<string, unknown>>(),
    sip: undefined as string[] | undefined,
    lyrics: new Map<string, { lyric: string; trans: string }>(),
    noLyricMids: new Set<string>(),
    jsonpLyricMids: new Set<string>(),
    albums: new Map<string, FakeAlbum>(),
    albumSongsEmptyOnWebComm: new Set<string>(),
    songFans: new Map<number, { number: unknown; show: unknown } | null>(),
  }));

// ------------------------------------------------------------------ quality levels
// docs/upstream/music.md "Quality ladder": sizes live in named fields and in size_new[] (0 master, 1 atmos, 2 atmos 5.1,
// 3 ogg 320, 5 ogg 640, 6 atmos 7.1, 7 nac, 9 dts:x). 晴天 keeps the genuine fixture's sizes (no hires, no ape); the songs below differ so tests can
// tell the levels apart.

/** 孤勇者: a file in every level, each size distinct. */
export const EVERY_LEVEL_MID = '003UkWuI0E8U0l';
/** 漠河舞厅: only 128 kbps MP3 and AAC 96k. */
export const FEW_LEVELS_MID = '0043nSjv1TtpMv';

const LEVEL_SONGS: Record<string, Record<string, unknown>> = {
  [EVERY_LEVEL_MID]: {
    size_128mp3: 4_100_001, size_320mp3: 10_200_002, size_96aac: 3_100_003, size_48aac: 1_500_004, size_192aac: 6_200_005,
    size_96ogg: 2_900_006, size_192ogg: 5_800_007, size_flac: 30_000_008, size_ape: 29_000_009, size_hires: 60_000_010,
    size_dolby: 40_000_017,
    size_new: [180_000_011, 31_000_012, 80_000_013, 10_300_014, 0, 23_000_015, 36_000_016, 2_500_018, 0, 90_000_019, 0, 0, 0, 0, 0, 0],
  },
  [FEW_LEVELS_MID]: {
    size_128mp3: 3_900_021, size_320mp3: 0, size_96aac: 2_800_022, size_48aac: 0, size_192aac: 0, size_96ogg: 0, size_192ogg: 0,
    size_flac: 0, size_ape: 0, size_hires: 0, size_dolby: 0, size_new: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  },
};

/** The genuine detail payload, re-labelled for the requested song (fields as upstream sends them). */
export function songDetailData(id: number | undefined, mid: string | undefined, sizes?: Map<string, Record<string, unknown>>): any {
  const data = fixture('musicu-song-detail-yqq.json').req_0.data;
  const song = id !== undefined ? songById(id) : mid ? songByMid(mid) : undefined;
  if (!song) {
    // Upstream answers an unknown song with an empty track.
    data.track_info = { id: 0, mid: '', name: '', title: '', singer: [], album: {}, file: {} };
    return data;
  }
  if (song.id === data.track_info.id) {
    Object.assign(data.track_info.file, sizes?.get(song.mid));
    return data;
  }
  const t = data.track_info;
  Object.assign(t, { id: song.id, mid: song.mid, name: song.name, title: song.name, interval: song.interval, singer: song.singers });
  Object.assign(t.album, { id: song.albumId, mid: song.albumMid, name: song.albumName, pmid: song.albumMid });
  t.file.media_mid = song.mediaMid;
  // The trial clip (size_try, named by vs[0]) is 晴天's own: the re-labelled songs have none unless a test gives one.
  Object.assign(t.file, { size_try: 0, try_begin: 0, try_end: 0 }, LEVEL_SONGS[song.mid], sizes?.get(song.mid));
  return data;
}

const songDetail: MusicuHandler = (param, { state }) => {
  const id = param.song_id !== undefined && param.song_id !== '' ? Number(param.song_id) : undefined;
  const known = id !== undefined ? songById(id) : param.song_mid ? songByMid(String(param.song_mid)) : undefined;
  const s = musicState(state);
  const songId = known?.id ?? id;
  if (songId !== undefined && s.omittedSongIds.has(songId)) return undefined;
  if (songId !== undefined && s.failingSongIds.has(songId)) return { code: 500001, data: {} };
  return { code: 0, data: songDetailData(id, param.song_mid || undefined, s.fileSizes) };
};

// ------------------------------------------------------------------ vkey
// Shape: the genuine fixture musicu-vkey-getvkey-and-cdndispatch.json (`req_0` = CgiGetVkey). UrlGetVkey answers the
// same `midurlinfo`/`sip` fields (docs/upstream/music.md "Play URL"), so both methods share it.

const FAKE_VKEY = 'E7B88F3490FBA862BC3848F786322C333511B8EC6ED2D34BF076334427E29BD30AB49965B44DAE9BD3D9145ADE8445C6E74A769C33191984';

/** The decryption key GetEVkey answers beside an encrypted file (a placeholder: nothing here decrypts). */
const FAKE_EKEY = 'fake-ekey-not-a-real-key';

const vkey: MusicuHandler = (param, { state }) => {
  const filenames: unknown = param.filename;
  const songmids: unknown = param.songmid;
  if (!Array.isArray(filenames) || !Array.isArray(songmids) || filenames.length !== songmids.length || typeof param.guid !== 'string') {
    return { code: 10006, data: {} }; // parameter check failed
  }
  const s = musicState(state);
  const base = fixture('musicu-vkey-getvkey-and-cdndispatch.json').req_0.data;
  const template = base.midurlinfo[0];
  base.uin = param.uin && param.uin !== '0' ? String(param.uin) : '';
  if (s.sip) base.sip = [...s.sip];
  base.midurlinfo = filenames.map((filename: string, i: number) => {
    const mid = String(songmids[i]);
    const prefix = String(filename).slice(0, 4);
    const trialOnly = s.trialOnlyMids.has(mid) && prefix !== 'RS02';
    const vip = trialOnly || s.vipMids.has(mid) || s.refusedLevels.get(mid)?.has(prefix) === true;
    // The encrypted sibling of a plain file (F000 .flac → F0M0 .mflac, O600 .ogg → O6M0 .mgg), as the GetEVkey tables name them.
    const encrypted = !vip && s.encryptedOnlyLevels.get(mid)?.has(prefix) === true;
    const served = encrypted ? String(filename).replace(/^(..)(0)(.)/, '$1M$3').replace(/\.flac$/, '.mflac').replace(/\.ogg$/, '.mgg') : filename;
    return {
      ...template,
      songmid: mid,
      filename,
      purl: vip ? '' : `${served}?guid=${param.guid}&vkey=${FAKE_VKEY}&uin=${base.uin}&fromtag=66`,
      vkey: vip ? '' : FAKE_VKEY,
      ekey: encrypted ? FAKE_EKEY : '',
      result: vip ? 104003 : 0,
    };
  });
  return { code: 0, data: base };
};

// ------------------------------------------------------------------ lyric
// Shape: the genuine fixture c-fcg-query-lyric-new.json; "no lyric" is `retcode/code/subcode -1901` (no lyric fields).

/**
 * The genuine lyric body re-labelled for a catalogue song. The one recorded lyric is Khruangbin's "White Gloves", which
 * is not in the catalogue, so served as is it gave every song (晴天 included) another song's lyric. Its envelope and
 * time grid are kept; the LRC headers and the opening "<title> - <artist>" line come from the requested song, and the
 * sung lines are placeholders that say they are fake.
 */
export function lyricBodyFor(song: CatalogSong): Record<string, unknown> {
  const body = fixture('c-fcg-query-lyric-new.json');
  const artist = song.singers.map((s) => s.name).join('/');
  const timeTags = Buffer.from(body.lyric, 'base64')
    .toString('utf8')
    .split('\n')
    .map((line) => /^(\[\d+:\d+(?:\.\d+)?\])(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null);
  let sung = 0;
  const lines = timeTags.map(([, tag, text], i) => {
    if (i === 0) return `${tag}${song.name} - ${artist}`;
    return text.trim() === '' ? tag : `${tag}(fake lyric line ${++sung})`;
  });
  const lrc = [`[ti:${song.name}]`, `[ar:${artist}]`, `[al:${song.albumName}]`, '[by:]', '[offset:0]', ...lines].join('\n');
  return { ...body, lyric: Buffer.from(lrc, 'utf8').toString('base64') };
}

const lyricCgi: HttpHandler = ({ req, state }) => {
  const s = musicState(state);
  const mid = req.query.songmid ?? '';
  let body: Record<string, unknown>;
  const custom = s.lyrics.get(mid);
  if (custom) {
    body = {
      retcode: 0,
      code: 0,
      subcode: 0,
      lyric: Buffer.from(custom.lyric, 'utf8').toString('base64'),
      trans: custom.trans ? Buffer.from(custom.trans, 'utf8').toString('base64') : '',
    };
  } else if (mid && !s.noLyricMids.has(mid) && songByMid(mid)) {
    body = lyricBodyFor(songByMid(mid)!);
  } else {
    body = { retcode: -1901, code: -1901, subcode: -1901 };
  }
  const jsonp = req.query.format !== 'json' || s.jsonpLyricMids.has(mid);
  return jsonp ? { text: `MusicJsonCallback(${JSON.stringify(body)})` } : { json: body };
};

// ------------------------------------------------------------------ album
// No genuine album payload was recorded: these answers are built from the field lists in docs/upstream/music.md
// (GetAlbumDetail `basicInfo`/`company`/`singer.singerList`; GetAlbumSongList `songList[].songInfo`, `totalNum`;
// CGI `data{id, mid, name, singername, singermid, aDate, company, genre, lan, desc, list[], total}`), with song
// records taken from the genuine song-detail fixture.

function findAlbum(state: FakeState, mid: string): (FakeAlbum & { songs: CatalogSong[] }) | undefined {
  const custom = musicState(state).albums.get(mid);
  if (custom) return { ...custom, songs: custom.songIds.map((id) => songById(id)) };
  const songs = catalog().filter((s) => s.albumMid === mid);
  if (!mid || songs.length === 0) return undefined;
  const first = songs[0];
  const detail = first.id === 97773 ? fixture('musicu-song-detail-yqq.json').req_0.data.track_info.album : undefined;
  return {
    id: first.albumId,
    mid,
    name: first.albumName,
    publishDate: detail?.time_public ?? '2020-01-01',
    company: '杰威尔音乐有限公司',
    desc: `${first.albumName} (fake album description)`,
    songIds: songs.map((s) => s.id),
    songs,
  };
}

const trackOf = (song: CatalogSong, albumMid: string, albumName: string) => {
  const t = songDetailData(song.id, undefined).track_info;
  Object.assign(t.album, { mid: albumMid, name: albumName, pmid: albumMid });
  return t;
};

const albumDetail: MusicuHandler = (param, { state }) => {
  const album = findAlbum(state, String(param.albumMId ?? ''));
  if (!album) {
    return { code: 0, data: { basicInfo: { albumID: 0, albumMid: '', albumName: '', publishDate: '' }, company: {}, singer: { singerList: [] } } };
  }
  const singers = album.songs[0]?.singers ?? [];
  return {
    code: 0,
    data: {
      basicInfo: {
        albumID: album.id,
        albumMid: album.mid,
        albumName: album.name,
        albumType: '录音室专辑',
        language: '国语',
        genre: 'Pop',
        publishDate: album.publishDate,
        desc: album.desc,
        pmid: `${album.mid}_1`,
        tranName: '',
        recordNum: album.songs.length,
      },
      company: { ID: 1, name: album.company, brief: '' },
      singer: { singerList: singers.map((s) => ({ singerID: s.id, mid: s.mid, name: s.name, type: 0 })) },
    },
  };
};

const albumSongs: MusicuHandler = (param, { state, comm }) => {
  const album = findAlbum(state, String(param.albumMid ?? ''));
  const begin = Number(param.begin ?? 0);
  const num = Number(param.num ?? 10);
  const webEmpty = musicState(state).albumSongsEmptyOnWebComm.has(String(param.albumMid)) && Number(comm?.ct) !== 11;
  const songs = webEmpty ? [] : (album?.songs ?? []);
  return {
    code: 0,
    data: {
      albumMid: album?.mid ?? '',
      totalNum: songs.length,
      songList: songs.slice(begin, begin + num).map((s) => ({ songInfo: trackOf(s, album!.mid, album!.name), listenCount: 0 })),
    },
  };
};

const albumCgi: HttpHandler = ({ req, state }) => {
  const album = findAlbum(state, req.query.albummid ?? '');
  if (!album) return { json: { code: 0, subcode: 0, message: '', default: 0, data: null } };
  const singer = album.songs[0]?.singers[0];
  return {
    json: {
      code: 0,
      subcode: 0,
      message: '',
      default: 0,
      data: {
        id: album.id,
        mid: album.mid,
        name: album.name,
        singerid: singer?.id ?? 0,
        singermid: singer?.mid ?? '',
        singername: album.songs[0]?.singers.map((s) => s.name).join('/') ?? '',
        aDate: album.publishDate,
        company: album.company,
        genre: 'Pop',
        lan: '国语',
        desc: album.desc,
        total: album.songs.length,
        list: album.songs.map((s) => ({
          songid: s.id,
          songmid: s.mid,
          songname: s.name,
          singer: s.singers,
          interval: s.interval,
          albumid: album.id,
          albummid: album.mid,
          albumname: album.name,
          strMediaMid: s.mediaMid,
        })),
      },
    },
  };
};

// ------------------------------------------------------------------ favourite counts
// docs/upstream/music.md "Song favourite count": `m_numbers` and `m_show` keyed by each id asked, as text. No recording
// exists; 晴天's entry is the one sample published (the Python project's PR #135, for another song): the number 1000001
// beside the app's figure 550w+, which reads as a cap.

/** The entries the fake answers by default: 晴天's as sampled; any other song a small count, shown as it is. */
const SONG_FANS: Record<number, { number: unknown; show: unknown }> = { 97773: { number: 1000001, show: '550w+' } };

const songFans: MusicuHandler = (param, { state }) => {
  const ids: unknown[] = Array.isArray(param.v_songId) ? param.v_songId : [];
  const fans = musicState(state).songFans;
  const m_numbers: Record<string, unknown> = {};
  const m_show: Record<string, unknown> = {};
  for (const id of ids.map(Number)) {
    const entry = fans.has(id) ? fans.get(id) : (SONG_FANS[id] ?? { number: 1234, show: '1234' });
    if (!entry) continue;
    m_numbers[String(id)] = entry.number;
    m_show[String(id)] = entry.show;
  }
  return { code: 0, data: { m_numbers, m_show } };
};

export const musicRoutes: FakeRoutes = {
  musicu: {
    'music.pf_song_detail_svr.get_song_detail_yqq': songDetail,
    'music.vkey.GetVkey.UrlGetVkey': vkey,
    'vkey.GetVkeyServer.CgiGetVkey': vkey,
    'music.musichallAlbum.AlbumInfoServer.GetAlbumDetail': albumDetail,
    'music.musichallAlbum.AlbumSongList.GetAlbumSongList': albumSongs,
    'music.musicasset.SongFavRead.GetSongFansNumberById': songFans,
  },
  http: {
    'c /lyric/fcgi-bin/fcg_query_lyric_new.fcg': lyricCgi,
    'c /v8/fcg-bin/fcg_v8_album_info_cp.fcg': albumCgi,
  },
};
