import { Injectable } from '@nestjs/common';
import { records } from '../common/catalogue';
import { envelope, Shaped } from '../common/shaped';
import { mapSingerSong } from '../singers/singers.mapper';
import { UpstreamHttp } from '../upstream/upstream-http.service';
import { LegacySingerHotsongByIdQuery } from './legacy-singer.dto';

export const SINGER_TRACK_CGI = '/v8/fcg-bin/fcg_v8_singer_track_cp.fcg';

/** The older services' numeric `singerid` on /getSingerHotsong (README "Migrating from qq-music-api"). */
@Injectable()
export class LegacySingersService {
  constructor(private readonly upstream: UpstreamHttp) {}

  /**
   * A page of a singer's most-listened songs by numeric singer id, in /getSingerHotsong's normalised shape
   * `{ singerMID, songs, total }`; the raw CGI answer (`data.list[].musicData`) is kept for the legacy shape.
   * An unknown singer is an empty list.
   */
  async getSingerHotsongById(q: LegacySingerHotsongByIdQuery): Promise<Shaped> {
    // The only known upstream taking a numeric singer id (fixture-backed, SOURCES.md); GetSingerSongList (§12 primary) needs a MID.
    const { raw } = await this.upstream.cgi(SINGER_TRACK_CGI, {
      singerid: q.singerid,
      order: 'listen',
      begin: q.page * q.limit,
      num: q.limit,
      songstatus: 1,
      format: 'json',
      outCharset: 'utf-8',
    });
    const data = raw?.data && typeof raw.data === 'object' ? raw.data : {};
    const items = records(data.list).filter((x) => x.musicData && typeof x.musicData === 'object');
    const songs = items.map(mapSingerSong);
    return envelope({ singerMID: singerMidOf(data, q.singerid), songs, total: Math.max(0, Number(data.total) || 0) }, raw);
  }
}

/** The singer's MID: the CGI's `singer_mid`, else the MID a song gives for that singer id, else ''. */
function singerMidOf(data: Record<string, any>, singerid: string): string {
  if (typeof data.singer_mid === 'string' && data.singer_mid) return data.singer_mid;
  for (const item of records(data.list)) {
    const singer = records(item.musicData?.singer).find((s) => String(s.id) === singerid && typeof s.mid === 'string');
    if (singer?.mid) return singer.mid;
  }
  return '';
}
