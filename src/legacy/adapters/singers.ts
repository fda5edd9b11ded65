import { records } from '../../common/catalogue';
import { isRecord } from '../../common/catalogue';
import { Enum, Obj, OpenObj, Raw, RawObject } from '../../common/answer-schema';
import { legacyRoute, RawResponse } from './util';
import type { LegacyAdapter, LegacyRoute } from './util';

/**
 * getSingerHotsong: the Koa services' key `singer`: `data.songlist` / `total_song_num` from GetSingerSongList, and
 * the singer block (`singer_info`, `singer_brief`, `total_song`, `total_album`, `total_mv`) of their own call,
 * `get_singer_detail_info`, which the gateway makes only for this shape (legacy-extras.service.ts).
 */
export const getSingerHotsong: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  if (isRecord(raw.singer)) return { response: raw };
  const { songs, ...rest } = raw;
  const data = songs?.data ?? {};
  const detail = s.extra?.singer?.code === 0 && isRecord(s.extra.singer.data) ? s.extra.singer.data : {};
  const { songlist: _detailSongs, ...block } = detail;
  return {
    response: {
      ...rest,
      singer: {
        code: songs?.code ?? 0,
        data: { ...block, ...data, songlist: records(data.songList), total_song_num: Number(data.totalNum ?? s.body?.data?.total ?? 0) },
      },
    },
  };
};

/**
 * `/getSingerHotsong?singerid=<digits>`: the by-id CGI's own answer (`data.list[].musicData`, its old clients'
 * read) plus the Koa services' `singer` block: `get_singer_detail_info` for the singer's MID when it answered,
 * else `singer_info` from the CGI's `singer_id` / `singer_mid` / `singer_name`.
 */
export const getSingerHotsongById: LegacyAdapter = (s) => {
  const raw = isRecord(s.raw) ? s.raw : {};
  const data = isRecord(raw.data) ? raw.data : {};
  const extra = s.extra?.singer;
  if (extra?.code === 0 && isRecord(extra.data)) {
    const { songlist: _detailSongs, ...block } = extra.data;
    return { response: { ...raw, singer: { code: 0, data: block } } };
  }
  const info = { id: Number(data.singer_id ?? 0), mid: String(data.singer_mid ?? s.body?.data?.singerMID ?? ''), name: String(data.singer_name ?? '') };
  return { response: { ...raw, singer: { code: 0, data: { singer_info: info, total_song: Number(data.total ?? 0) || 0 } } } };
};

/** getSingerAlbum: the Koa services' key `singer` (`singer.data.albumList`, `total`). */
export const getSingerAlbum: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  if (isRecord(raw.singer)) return { response: raw };
  const { albums, ...rest } = raw;
  return { response: { ...rest, singer: albums ?? { code: 0, data: { albumList: [], total: 0 } } } };
};

/** getSingerList: the Koa services' key `singerList` (`singerList.data.singerlist`); the gateway may ask for several pages. */
export const getSingerList: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  if (isRecord(raw.singerList)) return { response: raw };
  const pages = Object.keys(raw).filter((k) => isRecord(raw[k]) && isRecord(raw[k].data) && Array.isArray(raw[k].data.singerlist));
  if (!pages.length) return { response: raw };
  const first = raw[pages[0]];
  const singerlist = pages.flatMap((k) => raw[k].data.singerlist);
  return { response: { ...raw, singerList: { ...first, data: { ...first.data, singerlist } } } };
};

export const SINGERS_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  getSingerHotsong: legacyRoute(getSingerHotsong, Obj({ response: OpenObj({ singer: RawObject({ description: '`data.songlist`, `total_song_num` and the singer block.' }) }) })),
  getSingerHotsongById: legacyRoute(
    getSingerHotsongById,
    Obj({ response: OpenObj({ singer: Obj({ code: Enum([0] as const), data: RawObject({ description: 'The singer block (`singer_info`…).' }) }) }, { description: 'The by-id CGI\'s answer (`data.list[].musicData`) and `singer`.' }) }),
  ),
  getSingerAlbum: legacyRoute(getSingerAlbum, Obj({ response: OpenObj({ singer: Raw({ description: 'The album call\'s answer (`singer.data.albumList`, `total`).' }) }) })),
  // The raw pages; `singerList` only when upstream answered some.
  getSingerList: legacyRoute(getSingerList, RawResponse),
};
