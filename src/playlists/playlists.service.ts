import { HttpStatus, Injectable } from '@nestjs/common';
import { describeError } from '../common/all-exceptions.filter';
import { mapSettled } from '../common/concurrency';
import { GatewayError } from '../common/http-error';
import { envelope, Shaped } from '../common/shaped';
import { PlaylistsClient } from '../upstream/clients/playlists.client';
import { UpstreamError } from '../upstream/upstream.errors';
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
  constructor(private readonly playlists: PlaylistsClient) {}

  async getSongLists(query: GetSongListsQuery): Promise<Shaped> {
    const { raw, page } = await this.fetchPage(query);
    return envelope(page, raw);
  }

  /** A page of a category's playlists (docs/upstream/playlists.md "Playlists by category"). */
  private async fetchPage(req: ListRequest): Promise<{ raw: unknown; page: PlaylistPage }> {
    const { raw } = await this.playlists.byCategory(req.categoryId, req.sortId, req.page, req.limit);
    return { raw, page: mapPlaylistPage(raw?.data, req) };
  }

  async getSongListCategories(): Promise<Shaped> {
    const { raw } = await this.playlists.categories();
    const categories: Category[] = mapCategories(raw?.data?.categories);
    return envelope({ categories }, raw);
  }

  async getSongListDetail(query: GetSongListDetailQuery): Promise<Shaped> {
    const { raw, detail } = await this.fetchDetail(query.disstid, query.page * query.limit, query.limit);
    return envelope(detail, raw);
  }

  /**
   * A playlist from whichever call answered (docs/upstream/playlists.md "Playlist detail"). Empty dirinfo / cdlist =
   * not found or private → 404.
   */
  async fetchDetail(disstid: string, songBegin: number, songNum: number): Promise<{ raw: unknown; detail: PlaylistDetail }> {
    const answer = await this.playlists.detail(disstid, songBegin, songNum);
    const detail = answer.source === 'musicu' ? mapDissInfo(answer.dissInfo, disstid) : mapCdlist(answer.cdlist, disstid);
    if (!detail) {
      throw new GatewayError(HttpStatus.NOT_FOUND, 'PLAYLIST_NOT_FOUND', `No visible playlist with disstid ${disstid}`);
    }
    return { raw: answer.raw, detail };
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

  /** New albums of an area; the page is 0-based, so start = page × limit (docs/upstream/playlists.md "New albums"). */
  async getNewDisks(query: GetNewDisksQuery): Promise<Shaped> {
    const { raw, data } = await this.playlists.newAlbums(query.area, query.page * query.limit, query.limit);
    const { total, albums } = mapNewAlbums(data);
    return envelope({ area: query.area, page: query.page, limit: query.limit, total, albums }, raw);
  }
}
