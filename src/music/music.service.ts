import { HttpStatus, Injectable } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { Shaped } from '../common/shaped';
import { UpstreamHttp } from '../upstream/upstream-http.service';
import { GetSongInfoQuery } from './dto/get-song-info.dto';
import { mapTrack, SongSummary } from './music.mapper';

export interface SongDetail {
  /** `songinfo.data` as upstream sent it: `{ track_info, info, extras }`. */
  songinfo: Record<string, any>;
  raw: unknown;
}

@Injectable()
export class MusicService {
  constructor(private readonly upstream: UpstreamHttp) {}

  /**
   * `music.pf_song_detail_svr`/`get_song_detail_yqq` with only song_id or only song_mid: L1 live-tests exactly
   * that (CONTRACT §12), and the empty companion key the refs send is not needed.
   */
  async getSongDetail(by: { id: number } | { mid: string }): Promise<SongDetail> {
    const param = 'id' in by ? { song_id: by.id } : { song_mid: by.mid };
    const { raw, data } = await this.upstream.musicu({
      songinfo: { module: 'music.pf_song_detail_svr', method: 'get_song_detail_yqq', param: { song_type: 0, ...param } },
    });
    return { songinfo: data.songinfo ?? {}, raw };
  }

  /** The MID of a numeric song id, or undefined when upstream has none. */
  async findMidById(id: number): Promise<string | undefined> {
    const { songinfo } = await this.getSongDetail({ id });
    const track = songinfo.track_info ?? songinfo.trackInfo;
    return typeof track?.mid === 'string' && track.mid ? track.mid : undefined;
  }

  /**
   * `{ code, msg, data: <summary>, songinfo: { code, data } }`: the spec's path `songinfo.data.track_info.mid`
   * resolves on the answer, and `data` is the normalised summary.
   */
  async getSongInfo(query: GetSongInfoQuery): Promise<Shaped> {
    if (!query.songid && !query.songmid) {
      throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'songid or songmid is required');
    }
    const detail = await this.getSongDetail(query.songid ? { id: Number(query.songid) } : { mid: query.songmid! });
    const summary: SongSummary | null = mapTrack(detail.songinfo.track_info);
    if (!summary) {
      throw new GatewayError(HttpStatus.NOT_FOUND, 'SONG_NOT_FOUND', `No song found for ${query.songid ? `songid ${query.songid}` : `songmid ${query.songmid}`}`);
    }
    return new Shaped({ code: 0, msg: 'ok', data: summary, songinfo: { code: 0, data: detail.songinfo } }, detail.raw);
  }
}
