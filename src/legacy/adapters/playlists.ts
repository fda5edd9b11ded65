import { isRecord, records } from '../../common/catalogue';
import { classicTrack, underOldNames } from './util';
import { Arr, Enum, Obj, OpenObj, Raw as RawJson, UnderOldNames } from '../../common/answer-schema';
import {
  BatchAnswer,
  PLAYLIST_DETAIL_RENAMES,
  PLAYLIST_FAILURE_RENAMES,
  PLAYLIST_ITEM_RENAMES,
} from '../../playlists/playlists.answers';
import { legacyRoute } from './util';
import type { LegacyAdapter, LegacyRoute, Raw } from './util';

/**
 * getSongListDetail: `response.cdlist[0]` as the CGI answered it. The CGI's answer (the gateway's fallback, or the
 * older services' own call that the legacy shape asks: LegacyExtras `reference`) is passed through, its new-format
 * tracks also carrying the old names (classicTrack); it alone has the comment counts `cmtnum` / `cm_count`. Else it
 * is rebuilt from the musicu CgiGetDiss primary: the header from `dirinfo` (`ctime`, `mtime`, creator `headurl`,
 * `uin`, `encrypt_uin`…) and the raw track objects with the old names beside the new.
 */
export const getSongListDetail: LegacyAdapter = (s) => {
  const raw = s.raw;
  const cgi = Array.isArray(raw?.cdlist) ? raw : s.extra?.reference;
  if (cgi) return { response: withClassicSongs(cgi) };
  const d = s.body?.data ?? {};
  const diss = raw?.req_1?.data ?? {};
  const info = diss.dirinfo ?? {};
  const creator = info.creator ?? {};
  const tracks = records(diss.songlist);
  const normalised = records(d.songlist);
  const songs = (tracks.length ? tracks : normalised).map((t: Raw, i: number) => classicTrack(t, hitOf(normalised[i])));
  return {
    response: {
      code: 0,
      subcode: 0,
      cdlist: [
        {
          disstid: d.dissid,
          dissid: d.dissid,
          dissname: d.dissname,
          desc: d.desc,
          logo: d.cover,
          nickname: d.creator,
          nick: d.creator,
          headurl: creator.headurl ?? info.headurl ?? creator.avatarUrl,
          uin: info.host_uin ?? creator.musicid,
          encrypt_uin: creator.encrypt_uin,
          ctime: info.ctime,
          mtime: info.mtime,
          tags: d.tags,
          visitnum: d.listen_num,
          songnum: d.total,
          total_song_num: d.total,
          cur_song_num: songs.length,
          songids: songs.map((x: Raw) => x.songid).join(','),
          songlist: songs,
        },
      ],
    },
  };
};

/** The CGI answer with each cdlist entry's `songlist` items given the old track names too. */
function withClassicSongs(cgi: Raw): Raw {
  if (!Array.isArray(cgi?.cdlist)) return cgi;
  const cdlist = cgi.cdlist.map((cd: Raw) => (Array.isArray(cd?.songlist) ? { ...cd, songlist: cd.songlist.map((t: Raw) => classicTrack(t)) } : cd));
  return { ...cgi, cdlist };
}

/** A normalised playlist song in classicTrack's `hit` names. */
const hitOf = (n: Raw = {}): Raw => ({ songid: n.songid, songmid: n.songmid, songname: n.songname, albumName: n.albumName, albumMid: n.albumMid });

/**
 * batchGetSongLists: the gateway's body (already the Koa services' top-level `{ status, data }`), each element's
 * records under the names they had before the renames (docs/glossary.md "Renamed fields").
 */
export const batchGetSongLists: LegacyAdapter = (s) => {
  const body = s.body;
  if (!isRecord(body) || !Array.isArray(body.data)) return body;
  return { ...body, data: body.data.map(batchElementUnderOldNames) };
};

function batchElementUnderOldNames(e: Raw): Raw {
  if (!isRecord(e)) return e;
  if (Array.isArray(e.songlist)) return underOldNames(e, PLAYLIST_DETAIL_RENAMES);
  if (Array.isArray(e.playlists)) return { ...e, playlists: e.playlists.map((p: Raw) => underOldNames(p, PLAYLIST_ITEM_RENAMES)) };
  return Object.hasOwn(e, 'categoryId') ? e : underOldNames(e, PLAYLIST_FAILURE_RENAMES);
}

/** getNewDisks: sansenjian/qq-music-api (Koa) answers `{ status: 200, response }`. */
export const getNewDisks: LegacyAdapter = (s) => ({ status: 200, response: s.raw });

export const PLAYLISTS_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  getSongListDetail: legacyRoute(getSongListDetail, Obj({ response: OpenObj({ cdlist: Arr(RawJson(), { description: 'The playlist as the CGI answers it (`cdlist[0].songlist`).' }) }) })),
  batchGetSongLists: legacyRoute(batchGetSongLists, UnderOldNames(BatchAnswer)),
  getNewDisks: legacyRoute(getNewDisks, Obj({ status: Enum([200] as const), response: RawJson({ description: 'The upstream answer as received.' }) })),
};
