import { records } from '../../common/catalogue';
import { isRecord } from '../../common/catalogue';
import { Arr, Dict, Enum, Obj, OpenObj, Optional, Raw as RawJson, RawObject, Str } from '../../common/answer-schema';
import { ALBUM_SONG_RENAMES, LYRIC_LINE_RENAMES } from '../../music/music.answers';
import { legacyRoute, underOldNames } from './util';
import type { LegacyAdapter, LegacyRoute, Raw } from './util';

/** What the Koa services put in `playUrl[<mid>].error` for a song without a URL. */
export const NO_PLAY_URL_TEXT = '暂无播放链接';

/**
 * getMusicPlay: `data.playUrl[<songmid>].url` (and `.error` when there is none), as the Koa services answer; a
 * comma-separated `songmid` gives one entry per song.
 */
export const getMusicPlay: LegacyAdapter = (s, req) => {
  const list = s.body?.data?.list;
  if (Array.isArray(list)) {
    const entries = list.map((song: Raw) => [song.songmid, song.url ? { url: song.url } : { url: '', error: NO_PLAY_URL_TEXT }]);
    return { data: { playUrl: Object.fromEntries(entries) } };
  }
  const mid = String(req.query?.songmid ?? '');
  return { data: { playUrl: { [mid]: { url: s.body?.data?.url ?? '' } } } };
};

/**
 * getMusicVKey (Rain120/qq-music-api's older name): the vkey call's raw answer (`req_0.data.midurlinfo`, `sip`)
 * plus `playLists`, the play URLs.
 */
export const getMusicVKey: LegacyAdapter = (s) => {
  const url = s.body?.data?.url;
  return { response: { ...(isRecord(s.raw?.vkey) ? s.raw.vkey : {}), playLists: url ? [url] : [] } };
};

/** getAlbumInfo: the CGI's `data.{name, singername, aDate, list[]}` (rebuilt from the musicu primary). */
export const getAlbumInfo: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (isRecord(raw?.data) && 'list' in raw.data) return { response: raw };
  const a = s.body?.data ?? {};
  return {
    response: {
      code: 0,
      data: {
        id: a.albumId,
        mid: a.albumMid,
        name: a.albumName,
        singername: a.singerName,
        aDate: a.publicTime,
        company: a.company,
        desc: a.desc,
        total: a.total,
        list: records(a.songs).map((song) => underOldNames(song, ALBUM_SONG_RENAMES)),
      },
    },
  };
};

/**
 * getLyric: the CGI answer with `lyric` decoded and `trans` still base64, as sansenjian/qq-music-api returns it (apps
 * such as RubenCampoa/Beta-music-player `atob()` the translation). `isFormat=1` gives both parsed. When PlayLyricInfo
 * answered in the CGI's place, `raw` is the CGI's fields rebuilt from it (MusicClient.lyric), read the same way.
 */
export const getLyric: LegacyAdapter = (s) => {
  const raw = isRecord(s.raw) ? s.raw : {};
  const data = s.body?.data ?? {};
  return { response: typeof data.lyric === 'string' ? { ...raw, lyric: data.lyric } : { ...raw, ...parsedUnderOldNames(data) } };
};

/** isFormat=1's `{ lyric, trans }`, each parsed lyric's lines under their old names (`txt`). */
function parsedUnderOldNames(data: Raw): Raw {
  const parsed = (p: Raw): Raw => (isRecord(p) && Array.isArray(p.lines) ? { ...p, lines: p.lines.map((line: Raw) => underOldNames(line, LYRIC_LINE_RENAMES)) } : p);
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, key === 'lyric' || key === 'trans' ? parsed(value as Raw) : value]));
}

/** batchGetSongInfo: `{ response: { code: 0, data: [<raw musicu bodies>] } }`. */
export const batchGetSongInfo: LegacyAdapter = (s) => ({ response: { code: 0, data: records(s.raw) } });

export const MUSIC_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  getMusicPlay: legacyRoute(
    getMusicPlay,
    Obj({
      data: Obj({
        playUrl: Dict(Obj({ url: Str({ description: '\'\' when the song has none.' }), error: Optional(Str({ description: `${NO_PLAY_URL_TEXT} when there is no URL.` })) }), { description: 'By song MID.' }),
      }),
    }),
  ),
  getMusicVKey: legacyRoute(getMusicVKey, Obj({ response: OpenObj({ playLists: Arr(Str(), { description: 'The play URL (none when there is no URL).' }) }, { description: 'The key call\'s answer (`req_0.data.midurlinfo`, `sip`).' }) })),
  getAlbumInfo: legacyRoute(getAlbumInfo, Obj({ response: OpenObj({ data: OpenObj({ list: RawJson({ description: 'The album\'s songs.' }) }) }) })),
  getLyric: legacyRoute(getLyric, Obj({ response: RawObject({ description: 'The lyric CGI\'s answer: `lyric` decoded, `trans` base64 (isFormat=1: both parsed). When the CGI failed and the word-by-word call answered instead: its `retcode`, `code`, `subcode` (0), `lyric` and `trans` rebuilt from that answer, read the same way.' }) })),
  batchGetSongInfo: legacyRoute(batchGetSongInfo, Obj({ response: Obj({ code: Enum([0] as const), data: Arr(RawObject(), { description: 'The raw musicu bodies.' }) }) })),
};
