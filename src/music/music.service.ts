import { HttpStatus, Injectable } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { envelope, type Envelope, Shaped } from '../common/shaped';
import { MusicClient, SongDetail } from '../upstream/clients/music.client';
import { RequestAbortedError } from '../common/upstream-failures';
import { mapAlbumFromCgi, mapAlbumFromMusicu, mapAlbumSongList } from './album.mapper';
import { batchFailure } from './batch-failure';
import { BatchGetSongInfoBody } from './dto/batch-get-song-info.dto';
import { GetAlbumInfoQuery } from './dto/get-album-info.dto';
import { GetAlbumSongsQuery } from './dto/get-album-songs.dto';
import { GetLyricQuery } from './dto/get-lyric.dto';
import { GetSongInfoQuery } from './dto/get-song-info.dto';
import { decodeBase64Text, parseLrc } from './lyric';
import { lrcFallbackAnswer, type WordByWordFormat, wordByWordAnswer } from './lyric-formats';
import type { AlbumInfo, AlbumSongsPage, BatchSongInfoAnswer, GetLyricAnswer, LyricAnswer, SongInfoAnswer, SongFavCountAnswer } from './music.answers';
import { mapTrack, mapSongFavCount } from './music.mapper';
import { GetSongFavCountQuery } from './dto/get-song-fav-count.dto';

@Injectable()
export class MusicService {
  constructor(private readonly music: MusicClient) {}

  /** The MID of a numeric song id, or undefined when upstream has none. */
  async findMidById(id: number): Promise<string | undefined> {
    const { songinfo } = await this.music.songDetail({ id });
    const track = songinfo.track_info ?? songinfo.trackInfo;
    return typeof track?.mid === 'string' && track.mid ? track.mid : undefined;
  }

  /**
   * `{ code, msg, data: <summary>, songinfo: { code, data } }`: the spec's path `songinfo.data.track_info.mid`
   * resolves on the answer, and `data` is the normalised summary.
   */
  async getSongInfo(query: GetSongInfoQuery): Promise<Shaped<SongInfoAnswer>> {
    if (!query.songid && !query.songmid) {
      throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'songid or songmid is required');
    }
    const detail = await this.music.songDetail(query.songid ? { id: Number(query.songid) } : { mid: query.songmid! });
    const summary = mapTrack(detail.songinfo.track_info);
    if (!summary) {
      throw new GatewayError(HttpStatus.NOT_FOUND, 'SONG_NOT_FOUND', `No song found for ${query.songid ? `songid ${query.songid}` : `songmid ${query.songmid}`}`);
    }
    const answer: SongInfoAnswer = { code: 0, msg: 'ok', data: summary, songinfo: { code: 0, data: detail.songinfo } };
    return new Shaped(answer, detail.raw);
  }

  // ---------------------------------------------------------------- lyric

  /**
   * GET /getLyric → `{ lyric, trans }` decoded; with isFormat=1 each becomes `{ lyric, tags, lines }`. format=qrc and
   * format=timeline read the word-by-word lyric instead (docs/music.md "Lyric formats (`format`, `roma`)").
   */
  async getLyric(query: GetLyricQuery): Promise<Shaped<Envelope<GetLyricAnswer>>> {
    if (query.format === 'qrc' || query.format === 'timeline') return this.getWordByWordLyric(query.songmid, query.format, query.roma);
    if (query.roma) throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'roma needs format=qrc or format=timeline');
    const { raw, lyric, trans } = await this.lrcTexts(query.songmid);
    const answer: LyricAnswer = Number(query.isFormat) === 1 ? { lyric: parseLrc(lyric), trans: parseLrc(trans) } : { lyric, trans };
    return envelope(answer, raw);
  }

  /**
   * The LRC texts (the CGI's, or its PlayLyricInfo fallback's); 404 when upstream has no lyric. `playLyricFailed`: that
   * call just failed for this song, so the CGI's fallback would only ask it again.
   */
  private async lrcTexts(songmid: string, playLyricFailed = false): Promise<{ raw: unknown; lyric: string; trans: string }> {
    const { raw, noLyric, code } = await this.music.lyric(songmid, { fallback: !playLyricFailed });
    if (noLyric) {
      throw new GatewayError(HttpStatus.NOT_FOUND, 'LYRIC_NOT_FOUND', `No lyric found for songmid ${songmid}`, {
        upstreamCode: code || null,
      });
    }
    return { raw, lyric: decodeBase64Text(raw.lyric), trans: decodeBase64Text(raw.trans) };
  }

  /** The word-by-word lyric; when it is missing or broken, the LRC CGI's lyric with a `message` saying why. */
  private async getWordByWordLyric(songmid: string, format: WordByWordFormat, roma: boolean): Promise<Shaped<Envelope<GetLyricAnswer>>> {
    const payloads = await this.music.playLyric(songmid, { roma });
    let reason: string;
    if (payloads.available) {
      const built = wordByWordAnswer(format, payloads, roma);
      if (built.ok) return envelope(built.answer, payloads.raw);
      reason = built.reason;
    } else {
      reason = `the word-by-word lyric call failed: ${payloads.reason}`;
    }
    const { raw, lyric, trans } = await this.lrcTexts(songmid, !payloads.available);
    return envelope(lrcFallbackAnswer(format, lyric, trans, reason), raw);
  }

  // ---------------------------------------------------------------- album

  /** GET /getAlbumInfo → album record with its songs. */
  async getAlbumInfo(query: GetAlbumInfoQuery): Promise<Shaped<Envelope<AlbumInfo>>> {
    const mid = query.albummid;
    const answer = await this.music.album(mid);
    const album =
      answer.source === 'musicu' ? mapAlbumFromMusicu(answer.detail, answer.songs) : mapAlbumFromCgi(answer.raw);
    if (!album) throw new GatewayError(HttpStatus.NOT_FOUND, 'ALBUM_NOT_FOUND', `No album found for albummid ${mid}`);
    return envelope(album, answer.raw);
  }

  /** GET /getAlbumSongs → one page of an album's songs; 404 when upstream knows no song of that album at all. */
  async getAlbumSongs(query: GetAlbumSongsQuery): Promise<Shaped<Envelope<AlbumSongsPage>>> {
    const mid = query.albummid;
    const { raw, songs } = await this.music.albumSongs(mid, query.page * query.limit, query.limit);
    const list = mapAlbumSongList(songs);
    const total = Number(songs?.totalNum ?? 0);
    if (!total && !list.length) throw new GatewayError(HttpStatus.NOT_FOUND, 'ALBUM_NOT_FOUND', `No album found for albummid ${mid}`);
    const page: AlbumSongsPage = { albumMid: mid, total, page: query.page, limit: query.limit, songs: list };
    return envelope(page, raw);
  }

  // ---------------------------------------------------------------- batch song info

  /**
   * POST /batchGetSongInfo: every element's song detail in one upstream request (docs/upstream/music.md "Song
   * detail"); a failed or unknown song becomes `{ ok: false, error, errorCode }` and the others are kept.
   */
  async batchGetSongInfo(body: BatchGetSongInfoBody): Promise<Shaped<Envelope<BatchSongInfoAnswer>>> {
    const items = (body.songs ?? []).map(([mid, id]) => ({ song_mid: mid.trim(), song_id: (id ?? '').trim() }));
    let outcomes: (SongDetail | Error)[];
    try {
      outcomes = await this.music.songDetails(items.map((item) => (item.song_mid ? { mid: item.song_mid } : { id: Number(item.song_id) })));
    } catch (err) {
      // The whole request failed (timeout, reset, bad envelope…): every song carries that error, as each would alone.
      if (err instanceof RequestAbortedError) throw err;
      outcomes = items.map(() => err as Error);
    }
    const raws: unknown[] = [];
    const data = items.map((item, i): BatchSongInfoAnswer[number] => {
      const outcome = outcomes[i];
      if (outcome instanceof Error) {
        raws.push(null);
        return { ...item, ok: false as const, ...batchFailure(outcome) };
      }
      raws.push(outcome.raw);
      const summary = mapTrack(outcome.songinfo.track_info);
      if (!summary) {
        return { ...item, ok: false as const, error: `No song found for ${item.song_mid ? `songmid ${item.song_mid}` : `songid ${item.song_id}`}`, errorCode: 'SONG_NOT_FOUND' };
      }
      return { ...item, ok: true as const, data: summary, songinfo: { code: 0, data: outcome.songinfo } };
    });
    return envelope(data, raws);
  }

  /** GET /getSongFavCount: docs/upstream/music.md "Song favourite count". */
  async getSongFavCount(query: GetSongFavCountQuery): Promise<Shaped<Envelope<SongFavCountAnswer>>> {
    const upstream = await this.music.songFavCount(query);
    const answer = mapSongFavCount(query, upstream);
    if (!answer) throw new GatewayError(HttpStatus.NOT_FOUND, 'SONG_NOT_FOUND', `No song found for songmid ${query.songmid}`);
    return envelope(answer, upstream.raw);
  }
}
