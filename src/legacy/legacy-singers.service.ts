import { Injectable } from '@nestjs/common';
import { records } from '../common/catalogue';
import { envelope, type Envelope, Shaped } from '../common/shaped';
import type { SingerSongsPage } from '../singers/singers.answers';
import { mapSingerSong } from '../singers/singers.mapper';
import { SingersClient } from '../upstream/clients/singers.client';
import { LegacySingerHotsongByIdQuery } from './legacy-singer.dto';

/** The older services' numeric `singerid` on /getSingerHotsong (docs/legacy.md). */
@Injectable()
export class LegacySingersService {
  constructor(private readonly singers: SingersClient) {}

  /**
   * A page of a singer's most-listened songs by numeric singer id, in /getSingerHotsong's normalised shape
   * `{ singerMID, songs, total }`; the raw CGI answer (`data.list[].musicData`) is kept for the legacy shape.
   * An unknown singer is an empty list.
   */
  async getSingerHotsongById(q: LegacySingerHotsongByIdQuery): Promise<Shaped<Envelope<SingerSongsPage>>> {
    // GetSingerSongList needs a MID: docs/upstream/singers.md "Singer songs by numeric id".
    const { raw } = await this.singers.hotSongsById(q.singerid, q.page * q.limit, q.limit);
    const data = raw?.data && typeof raw.data === 'object' ? raw.data : {};
    const items = records(data.list).filter((x) => x.musicData && typeof x.musicData === 'object');
    const songs = items.map(mapSingerSong);
    return envelope({ singerMID: singerMidOf(data, q.singerid), songs, total: Math.max(0, Math.trunc(Number(data.total)) || 0) }, raw);
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
