import { catalog } from '../../fake-upstream/catalog';
import type { FakeUser } from '../../fake-upstream/handlers/user';

/** Helpers of the library write suites: accounts of their own (playlist ids no seeded account has) and their cookies. */

export const LIKE = 'music.musicasset.PlaylistDetailWrite.AddSonglist';
export const UNLIKE = 'music.musicasset.PlaylistDetailWrite.DelSonglist';
export const ADD_PLAYLIST = 'music.musicasset.PlaylistBaseWrite.AddPlaylist';
export const EDIT_PLAYLIST = 'music.musicasset.PlaylistBaseWrite.EditPlaylist';
export const DEL_PLAYLIST = 'music.musicasset.PlaylistBaseWrite.DelPlaylist';
export const FAN_READ = 'music.musicasset.SongFavRead.IsSongFanByMid';
export const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
export const HOMEPAGE = '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg';
export const WRITE_MODULE = 'music.musicasset';

/** A song every seeded account does NOT like (the seed likes the catalogue's first twelve), and two more. */
export const songAt = (i: number) => catalog()[20 + i];
/** A MID the fake knows no song for. */
export const UNKNOWN_MID = '00NoSuchSong00';

/** An account with three playlists of three songs each, dissids `base+1…base+3`, dirids 2…4. */
export function libraryUser(uin: string, nick: string, base: number): FakeUser {
  return {
    uin,
    creator: { nick, headpic: `https://thirdqq.qlogo.cn/g?b=sdk&k=fakeKey${uin}&s=140`, encrypt_uin: `owSfoKEq${uin}oz` },
    mydiss: [1, 2, 3].map((i) => ({ dissid: base + i, title: `${nick} list ${i}`, subtitle: '3首', dirid: i + 1, song_cnt: 3 })),
  };
}

/** The login cookie of `uin`, with a key of its own. */
export const cookieOf = (uin: string, key = `Q_H_L_lib${uin}secret`) => `uin=o0${uin}; qqmusic_uin=${uin}; qqmusic_key=${key}`;
