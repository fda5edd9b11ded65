import { records } from '../../common/catalogue';
import { isObj } from './util';
import type { LegacyAdapter } from './util';

/** getSingerHotsong: the Koa services' key `singer` with `data.songlist` / `total_song_num`. */
export const getSingerHotsong: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  if (isObj(raw.singer)) return { response: raw };
  const { songs, ...rest } = raw;
  const data = songs?.data ?? {};
  return {
    response: {
      ...rest,
      singer: {
        code: songs?.code ?? 0,
        data: { ...data, songlist: records(data.songList), total_song_num: Number(data.totalNum ?? s.body?.data?.total ?? 0) },
      },
    },
  };
};

/** getSingerAlbum: the Koa services' key `singer` (`singer.data.albumList`, `total`). */
export const getSingerAlbum: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  if (isObj(raw.singer)) return { response: raw };
  const { albums, ...rest } = raw;
  return { response: { ...rest, singer: albums ?? { code: 0, data: { albumList: [], total: 0 } } } };
};

/** getSingerList: the Koa services' key `singerList` (`singerList.data.singerlist`); the gateway may ask for several pages. */
export const getSingerList: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  if (isObj(raw.singerList)) return { response: raw };
  const pages = Object.keys(raw).filter((k) => isObj(raw[k]) && isObj(raw[k].data) && Array.isArray(raw[k].data.singerlist));
  if (!pages.length) return { response: raw };
  const first = raw[pages[0]];
  const singerlist = pages.flatMap((k) => raw[k].data.singerlist);
  return { response: { ...raw, singerList: { ...first, data: { ...first.data, singerlist } } } };
};
