import { records } from '../../common/catalogue';
import { isObj } from './util';
import type { LegacyAdapter } from './util';

/** getMusicPlay: `data.playUrl[<songmid>].url` (and `.error` when there is none), as the Koa services answer. */
export const getMusicPlay: LegacyAdapter = (s, req) => {
  const mid = String(req.query?.songmid ?? '');
  return { data: { playUrl: { [mid]: { url: s.body?.data?.url ?? '' } } } };
};

/** getAlbumInfo: the CGI's `data.{name, singername, aDate, list[]}` (rebuilt from the musicu primary). */
export const getAlbumInfo: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (isObj(raw?.data) && 'list' in raw.data) return { response: raw };
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
        list: records(a.songs),
      },
    },
  };
};

/** getLyric: the CGI answer with `lyric` (and `trans`) decoded, as the Koa services return it. */
export const getLyric: LegacyAdapter = (s) => ({ response: { ...(isObj(s.raw) ? s.raw : {}), ...s.body?.data } });

/** batchGetSongInfo: `{ response: { code: 0, data: [<raw musicu bodies>] } }`. */
export const batchGetSongInfo: LegacyAdapter = (s) => ({ response: { code: 0, data: records(s.raw) } });
