/**
 * The Android comm profile for the Android retry (docs/upstream/README.md "Android retry"): modules whose only live
 * tests use the Android comm (mobile search, GetSingerSongList, AlbumSongList, Toplist, PlayLyricInfo) and that
 * answer code 0 with empty lists to the web comm are asked once more with a minimal Android comm and the Android UA.
 */
import { cookieUin, parseCookie } from '../common/cookie';
import { loginFields } from './protocol/web-comm';
import type { MusicuOptions } from './upstream.types';

/**
 * The Android app version every Android-profile field is built from (docs/upstream/README.md "Android version"): the
 * one place to bump when the live-tested clients move to a newer app.
 */
const ANDROID_APP_VERSION = 14090008;

/** The Android comm's version fields, as the Python QQMusicApi project's version policy sends them. */
const ANDROID_COMM = { ct: 11, cv: ANDROID_APP_VERSION, v: ANDROID_APP_VERSION, chid: '10003505', tmeAppID: 'qqmusic' };
const ANDROID_UA = `QQMusic ${ANDROID_APP_VERSION}(android 13)`;

/** The `ct`/`cv` pair some Android-era modules also want inside their params (PlayLyricInfo). */
export const ANDROID_PARAM_VERSION = { ct: ANDROID_COMM.ct, cv: ANDROID_COMM.cv };

/** Device and session ids the gateway does not have: sent as "0", as the LX Music desktop app does. */
const UNKNOWN_DEVICE = { QIMEI36: '0', OpenUDID: '0', udid: '0', aid: '0', uid: '0', sid: '0' };

/** The minimal Android comm for a cookie: versions, zeroed device ids, and `qq`/`authst`/`tmeLoginType` when logged in. */
function androidComm(cookie: string): Record<string, unknown> {
  const cookies = parseCookie(cookie);
  const login = loginFields(cookies);
  // `qq` as a digit string: WeChat musicids exceed 2^53.
  return login.authst ? { ...ANDROID_COMM, ...UNKNOWN_DEVICE, qq: cookieUin(cookies), ...login } : { ...ANDROID_COMM, ...UNKNOWN_DEVICE };
}

/** musicu options for the one Android retry: the minimal Android comm (replacing the web profile) and the Android UA. */
export const ANDROID_RETRY: MusicuOptions = { ownComm: androidComm, headers: { 'User-Agent': ANDROID_UA } };
