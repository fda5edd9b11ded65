import { HttpStatus, Injectable } from '@nestjs/common';
import { describeError } from '../common/all-exceptions.filter';
import { mapSettled } from '../common/concurrency';
import { GatewayError } from '../common/http-error';
import { withOldNames } from '../common/answer-schema';
import { envelope, Shaped } from '../common/shaped';
import { PlaylistsClient } from '../upstream/clients/playlists.client';
import { UpstreamError } from '../upstream/upstream.errors';
import { BatchGetSongListsBody } from './dto/batch-get-song-lists.dto';
import { GetNewDisksQuery } from './dto/get-new-disks.dto';
import { GetSongListDetailQuery } from './dto/get-song-list-detail.dto';
import { GetSongListsQuery, type SortId } from './dto/get-song-lists.dto';
import {
  type CategoriesAnswer,
  type CategoryBatch,
  type CategoryFailure,
  type NewAlbumsPage,
  PLAYLIST_FAILURE_RENAMES,
  type PlaylistBatch,
  type PlaylistDetail,
  type PlaylistFailure,
  type PlaylistPage,
} from './playlists.answers';
import { mapCategories, mapCdlist, mapDissInfo, mapNewAlbums, mapPlaylistPage } from './playlists.mapper';

/** A failed id's error body (as the route alone would have answered it), without the id. */
type BatchFailure = Omit<CategoryFailure, 'categoryId'>;

function batchFailure(reason: unknown): BatchFailure {
  const [status, body] = describeError(reason);
  return { status, error: body.error, errorCode: body.errorCode, ...(typeof body.upstreamCode === 'number' ? { upstreamCode: body.upstreamCode } : {}) };
}

/** Upstream calls in flight at once for one batch request. */
export const BATCH_CONCURRENCY = 5;
/** Songs fetched per playlist in a disstid batch (page/limit page the category lists, not playlist songs). */
export const BATCH_DETAIL_SONGS = 1000;

export interface ListRequest {
  categoryId: number;
  sortId: SortId;
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
    const answer: CategoriesAnswer = { categories: mapCategories(raw?.data?.categories) };
    return envelope(answer, raw);
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
   * category, at most 5 in flight. A failed id stays in `data` as `{ <id>, status, error, errorCode, upstreamCode? }`;
   * only when every id failed for a transport reason (no business answer at all) does the whole call fail.
   */
  async batchGetSongLists(body: BatchGetSongListsBody): Promise<Shaped> {
    if (body.disstid !== undefined) {
      const { raws, data } = await this.batch(
        body.disstid.split(','),
        async (disstid) => {
          const { raw, detail } = await this.fetchDetail(disstid, 0, BATCH_DETAIL_SONGS);
          return { raw, item: detail };
        },
        (disstid, failure): PlaylistFailure => withOldNames({ dissid: disstid, ...failure }, PLAYLIST_FAILURE_RENAMES),
      );
      const answer: PlaylistBatch = { status: 200, data };
      return new Shaped(answer, raws);
    }
    const { raws, data } = await this.batch(
      body.categoryIds,
      async (categoryId) => {
        const { raw, page } = await this.fetchPage({ categoryId, sortId: body.sortId, page: body.page, limit: body.limit });
        return { raw, item: page };
      },
      (categoryId, failure): CategoryFailure => ({ categoryId, ...failure }),
    );
    const answer: CategoryBatch = { status: 200, data };
    return new Shaped(answer, raws);
  }

  /** Fetches every id, at most 5 at once; a failed id becomes its failure element, at its position. */
  private async batch<Id, Item, Failed>(
    ids: Id[],
    fetch: (id: Id) => Promise<{ raw: unknown; item: Item }>,
    failed: (id: Id, failure: BatchFailure) => Failed,
  ): Promise<{ raws: unknown[]; data: (Item | Failed)[] }> {
    const outcomes = await mapSettled(ids, BATCH_CONCURRENCY, fetch);
    const allTransport = outcomes.every(
      (o) => o.status === 'rejected' && !(o.reason instanceof GatewayError) && !(o.reason instanceof UpstreamError && o.reason.kind === 'business'),
    );
    if (outcomes.length && allTransport) throw (outcomes[0] as PromiseRejectedResult).reason;
    const raws: unknown[] = [];
    const data = outcomes.map((o, i) => {
      if (o.status === 'fulfilled') {
        raws.push(o.value.raw);
        return o.value.item;
      }
      raws.push(null);
      return failed(ids[i], batchFailure(o.reason));
    });
    return { raws, data };
  }

  /** New albums of an area; the page is 0-based, so start = page × limit (docs/upstream/playlists.md "New albums"). */
  async getNewDisks(query: GetNewDisksQuery): Promise<Shaped> {
    const { raw, data } = await this.playlists.newAlbums(query.area, query.page * query.limit, query.limit);
    const answer: NewAlbumsPage = { area: query.area, page: query.page, limit: query.limit, ...mapNewAlbums(data) };
    return envelope(answer, raw);
  }
}
