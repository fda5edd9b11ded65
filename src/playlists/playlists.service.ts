import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { describeError } from '../common/all-exceptions.filter';
import { mapSettled } from '../common/concurrency';
import { GatewayError } from '../common/http-error';
import { envelope, Shaped } from '../common/shaped';
import { UpstreamHttp } from '../upstream/upstream-http.service';
import { UpstreamError, warrantsFallback } from '../upstream/upstream.errors';
import { CGI_COMMON } from '../upstream/cgi-helpers';
import { BatchGetSongListsBody } from './dto/batch-get-song-lists.dto';
import { GetNewDisksQuery } from './dto/get-new-disks.dto';
import { GetSongListDetailQuery } from './dto/get-song-list-detail.dto';
import { GetSongListsQuery } from './dto/get-song-lists.dto';
import {
  Category,
  mapCategories,
  mapCdlist,
  mapDissInfo,
  mapNewAlbums,
  mapPlaylistPage,
  PlaylistDetail,
  PlaylistPage,
} from './playlists.mapper';

/** Upstream calls in flight at once for one batch request. */

export const BATCH_CONCURRENCY = 5;
/** Songs fetched per playlist in a disstid batch (page/limit page the category lists, not playlist songs). */
export const BATCH_DETAIL_SONGS = 1000;

export interface ListRequest {
  categoryId: number;
  sortId: number;
  page: number;
  limit: number;
}

@Injectable()
export class PlaylistsService {
  private readonly logger = new Logger(PlaylistsService.name);

  constructor(private readonly upstream: UpstreamHttp) {}

  async getSongLists(query: GetSongListsQuery): Promise<Shaped> {
    const { raw, page } = await this.fetchPage(query);
    return envelope(page, raw);
  }

  /**
   * CONTRACT §12 "playlists by category": the SJ CGI with Referer https://y.qq.com/ (no 2025–26 breakage report;
   * its musicu alternative has no live test). The range is inclusive: sin = page·limit, ein = (page+1)·limit − 1.
   */
  private async fetchPage(req: ListRequest): Promise<{ raw: unknown; page: PlaylistPage }> {
    const { raw } = await this.upstream.cgi('/splcloud/fcgi-bin/fcg_get_diss_by_tag.fcg', {
      ...CGI_COMMON,
      picmid: 1,
      categoryId: req.categoryId,
      sortId: req.sortId,
      sin: req.page * req.limit,
      ein: (req.page + 1) * req.limit - 1,
    }, { referer: 'https://y.qq.com/' });
    return { raw, page: mapPlaylistPage(raw?.data, req) };
  }

  /** CONTRACT §12 "playlist categories": the SJ CGI (its musicu alternative has no live evidence either). */
  async getSongListCategories(): Promise<Shaped> {
    const { raw } = await this.upstream.cgi('/splcloud/fcgi-bin/fcg_get_diss_tag_conf.fcg', { ...CGI_COMMON }, {
      referer: 'https://y.qq.com/',
    });
    const categories: Category[] = mapCategories(raw?.data?.categories);
    return envelope({ categories }, raw);
  }

  async getSongListDetail(query: GetSongListDetailQuery): Promise<Shaped> {
    const { raw, detail } = await this.fetchDetail(query.disstid, query.page * query.limit, query.limit);
    return envelope(detail, raw);
  }

  /**
   * Primary: musicu `music.srfDissInfo.DissInfo`/`CgiGetDiss` (CONTRACT §12, L1 live-tested, web comm ✓ 3P).
   * On an upstream business error: the legacy CGI `qzone/fcg-bin/fcg_ucc_getcdinfo_byids_cp.fcg` (§2.5), which
   * checks the Referer, so it gets the playlist page's. Empty dirinfo / cdlist = not found or private → 404.
   */
  async fetchDetail(disstid: string, songBegin: number, songNum: number): Promise<{ raw: unknown; detail: PlaylistDetail }> {
    let raw: unknown;
    let detail: PlaylistDetail | null;
    try {
      const res = await this.upstream.musicu({
        req_1: {
          module: 'music.srfDissInfo.DissInfo',
          method: 'CgiGetDiss',
          param: {
            disstid: Number(disstid),
            dirid: 0,
            tag: 1,
            userinfo: 1,
            orderlist: 1,
            onlysonglist: 0,
            song_begin: songBegin,
            song_num: songNum,
          },
        },
      });
      raw = res.raw;
      detail = mapDissInfo(res.data.req_1, disstid);
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.logger.warn(`CgiGetDiss failed for ${disstid} (${err.message}); trying fcg_ucc_getcdinfo_byids_cp`);
      const res = await this.upstream.cgi('/qzone/fcg-bin/fcg_ucc_getcdinfo_byids_cp.fcg', {
        ...CGI_COMMON,
        disstid,
        type: 1,
        json: 1,
        utf8: 1,
        onlysong: 0,
        new_format: 1,
        song_begin: songBegin,
        song_num: songNum,
      }, { referer: `https://y.qq.com/n/yqq/playsquare/${disstid}.html` });
      raw = res.raw;
      detail = mapCdlist(res.raw?.cdlist, disstid);
    }
    if (!detail) {
      throw new GatewayError(HttpStatus.NOT_FOUND, 'PLAYLIST_NOT_FOUND', `No visible playlist with disstid ${disstid}`);
    }
    return { raw, detail };
  }

  /**
   * One upstream call per playlist id (when `disstid` is sent: it wins, being the more specific request) or per
   * category, at most 5 in flight. A failed id stays in `data` as `{ error, errorCode, upstreamCode?, <id> }`;
   * only when every id failed for a transport reason (no business answer at all) does the whole call fail.
   */
  async batchGetSongLists(body: BatchGetSongListsBody): Promise<Shaped> {
    const byPlaylist = body.disstid !== undefined;
    const ids: (number | string)[] = byPlaylist ? body.disstid!.split(',') : body.categoryIds;
    const idField = byPlaylist ? 'disstid' : 'categoryId';
    const outcomes = await mapSettled(ids, BATCH_CONCURRENCY, (id): Promise<{ raw: unknown; page?: PlaylistPage; detail?: PlaylistDetail }> =>
      byPlaylist
        ? this.fetchDetail(String(id), 0, BATCH_DETAIL_SONGS)
        : this.fetchPage({ categoryId: Number(id), sortId: body.sortId, page: body.page, limit: body.limit }),
    );
    const allTransport = outcomes.every(
      (o) => o.status === 'rejected' && !(o.reason instanceof GatewayError) && !(o.reason instanceof UpstreamError && o.reason.kind === 'business'),
    );
    if (outcomes.length && allTransport) throw (outcomes[0] as PromiseRejectedResult).reason;
    const raws: unknown[] = [];
    const data = outcomes.map((o, i) => {
      if (o.status === 'fulfilled') {
        raws.push(o.value.raw);
        return o.value.page ?? o.value.detail;
      }
      const [status, errorBody] = describeError(o.reason);
      raws.push(null);
      return { [idField]: byPlaylist ? String(ids[i]) : ids[i], status, ...errorBody };
    });
    return new Shaped({ status: 200, data }, raws);
  }

  /**
   * CONTRACT §12 "new albums": `newalbum.NewAlbumServer`/`get_new_album_info` `{area, start, num}` (L1 live-tested;
   * page 2 differs, so `start` is honoured). The page is 0-based here, so start = page × limit.
   */
  async getNewDisks(query: GetNewDisksQuery): Promise<Shaped> {
    const { raw, data } = await this.upstream.musicu({
      new_album: {
        module: 'newalbum.NewAlbumServer',
        method: 'get_new_album_info',
        param: { area: query.area, start: query.page * query.limit, num: query.limit },
      },
    });
    const { total, albums } = mapNewAlbums(data.new_album);
    return envelope({ area: query.area, page: query.page, limit: query.limit, total, albums }, raw);
  }
}
