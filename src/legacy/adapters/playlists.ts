import { records } from '../../common/catalogue';
import { classicTrack } from './util';
import type { LegacyAdapter, Raw } from './util';

/**
 * getSongListDetail: `response.cdlist[0]` as the CGI answered it. From the CGI fallback the raw answer already is
 * that; from the musicu CgiGetDiss primary it is rebuilt: the header from `dirinfo` (`ctime`, `mtime`, creator
 * `headurl`, `uin`, `encrypt_uin`…) and the raw track objects with the old names beside the new (classicTrack).
 * `cmtnum` / `cm_count` (comment counts) are not in CgiGetDiss's answer and stay absent (docs/legacy.md).
 */
export const getSongListDetail: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (Array.isArray(raw?.cdlist)) return { response: raw };
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

/** A normalised playlist song in classicTrack's `hit` names. */
const hitOf = (n: Raw = {}): Raw => ({ songid: n.songid, songmid: n.songmid, songname: n.songname, albumName: n.albumName, albumMid: n.albumMid });

/** getNewDisks: sansenjian/qq-music-api (Koa) answers `{ status: 200, response }`. */
export const getNewDisks: LegacyAdapter = (s) => ({ status: 200, response: s.raw });
