import { records } from '../../common/catalogue';
import type { Raw, LegacyAdapter } from './util';

/**
 * getSongListDetail: `response.cdlist[0]` with dissname/desc/logo/songlist. From the CGI fallback the raw answer
 * already is that; from the musicu CgiGetDiss primary it is rebuilt: dirinfo fields plus the raw track objects,
 * each given the old names (`songname`, `songmid`, `songid`) beside the new ones.
 */
export const getSongListDetail: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (Array.isArray(raw?.cdlist)) return { response: raw };
  const d = s.body?.data ?? {};
  const diss = raw?.req_1?.data ?? {};
  const info = diss.dirinfo ?? {};
  const tracks = records(diss.songlist);
  const normalised = records(d.songlist);
  const songs = (tracks.length ? tracks : normalised).map((t: Raw, i: number) => {
    const norm = normalised[i] ?? {};
    return {
      ...t,
      songname: t.songname ?? t.title ?? t.name ?? norm.songname,
      songmid: t.songmid ?? t.mid ?? norm.songmid,
      songid: t.songid ?? t.id ?? norm.songid,
    };
  });
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
          headurl: info.headurl ?? info.creator?.avatarUrl,
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

/** getNewDisks: sansenjian/qq-music-api (Koa) answers `{ status: 200, response }`. */
export const getNewDisks: LegacyAdapter = (s) => ({ status: 200, response: s.raw });
