import { records } from '../../common/catalogue';
import { classicTrack } from './util';
import { Arr, Enum, Obj, OpenObj, Raw as RawJson } from '../../common/answer-schema';
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
          disstid: d.disstid,
          dissid: d.disstid,
          dissname: d.dissname,
          desc: d.desc,
          logo: d.logo,
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

/** getNewDisks: sansenjian/qq-music-api (Koa) answers `{ status: 200, response }`. */
export const getNewDisks: LegacyAdapter = (s) => ({ status: 200, response: s.raw });

export const PLAYLISTS_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  getSongListDetail: legacyRoute(getSongListDetail, Obj({ response: OpenObj({ cdlist: Arr(RawJson(), { description: 'The playlist as the CGI answers it (`cdlist[0].songlist`).' }) }) })),
  getNewDisks: legacyRoute(getNewDisks, Obj({ status: Enum([200] as const), response: RawJson({ description: 'The upstream answer as received.' }) })),
};
