import { Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { isRecord } from '../common/catalogue';
import type { Shaped } from '../common/shaped';
import type { MvOrder } from '../singers/dto/singer-query.dto';
import { DiscoverClient } from '../upstream/clients/discover.client';
import { MvClient } from '../upstream/clients/mv.client';
import { PlaylistsClient } from '../upstream/clients/playlists.client';
import { SingersClient } from '../upstream/clients/singers.client';

type Raw = any;
/** The page (0-based) and page size the legacy request asked for. */
const paging = (q: Record<string, unknown>) => ({ page: Math.max(0, Number(q.page) || 0), limit: Math.max(1, Number(q.limit) || 10) });
type Extra = Record<string, Raw>;

/**
 * Upstream calls made only for the legacy shape (docs/legacy.md "Extra calls"): a block the older Koa services'
 * answer held that the gateway's own call lacks (under the Koa key), or, where those services called a CGI the
 * gateway does not use first, that CGI's whole answer under `reference`, which the adapter then passes through. A
 * failed extra call never fails the request: the block is `{ code, data: <empty> }` or rebuilt by the adapter, and a
 * failed or empty `reference` leaves the adapted body of the gateway's own call. Made after the route's handler and
 * before the answer is written (the routes are marked @FetchesShapeSupplements); the renderer itself calls nothing.
 */
@Injectable()
export class LegacyExtras {
  private readonly logger = new Logger(LegacyExtras.name);

  constructor(
    private readonly mv: MvClient,
    private readonly singers: SingersClient,
    private readonly playlists: PlaylistsClient,
    private readonly discover: DiscoverClient,
  ) {}

  /** Per route, what the legacy shape asks beside the gateway's own call (undefined: nothing this time). */
  private readonly fetchers: Record<string, (shaped: Shaped<Raw>, q: Record<string, unknown>) => Promise<Extra | undefined> | undefined> = {
    getMvPlay: (_s, q) => this.attempt('other', { list: [] }, () => this.mv.relatedVideos(String(q.vid ?? ''))),
    getSingerHotsong: (shaped, q) => {
      // The fallback call already is get_singer_detail_info: its raw `singer` key is the block.
      if ((shaped.raw as Raw)?.singer) return undefined;
      const mid = String(shaped.body?.data?.singerMID || q.singermid || '');
      const { page, limit } = paging(q);
      return mid ? this.attempt('singer', null, () => this.singers.detailInfo(mid, page * limit, limit)) : undefined;
    },
    getSingerHotsongById: (shaped) => {
      const mid = String(shaped.body?.data?.singerMID ?? '');
      return mid ? this.attempt('singer', null, () => this.singers.detailInfo(mid, 0, 1)) : undefined;
    },
    getSongListDetail: (shaped, q) => {
      // The fallback already is this CGI.
      if (Array.isArray((shaped.raw as Raw)?.cdlist)) return undefined;
      const disstid = String(shaped.body?.data?.dissid ?? q.disstid ?? '');
      const songs = Math.max(1, Number(q.limit) || 1000);
      const begin = paging(q).page * songs;
      return this.reference('fcg_ucc_getcdinfo_byids_cp', () => this.playlists.detailByCgi(disstid, begin, songs), (r) => isRecord(r?.cdlist?.[0]));
    },
    getSingerMv: (shaped, q) => {
      const order: MvOrder = String(q.order ?? '').trim().toLowerCase() === 'time' ? 'time' : 'listen';
      const mid = String(shaped.body?.data?.singerMID ?? q.singermid ?? '');
      const { page, limit } = paging(q);
      return this.reference('fcg_singer_mv', () => this.singers.mvsByCgi(mid, order, page * limit, limit), (r) => Array.isArray(r?.data?.list));
    },
    getRadioLists: (shaped) => {
      if ((shaped.raw as Raw)?.data?.data?.groupList || (shaped.raw as Raw)?.data?.groupList) return undefined;
      return this.reference('fcg_v8_radiolist', () => this.discover.radioGroupsByCgi(), (r) => Array.isArray(r?.data?.data?.groupList));
    },
  };

  /** The extra answers for route `name`, or undefined when the route makes none. */
  fetch(name: string, shaped: Shaped<Raw>, req: Request): Promise<Extra | undefined> | undefined {
    if (!Object.hasOwn(this.fetchers, name)) return undefined;
    return this.fetchers[name](shaped, (req.query ?? {}));
  }

  /**
   * `{ reference: <raw answer> }` when the older services' own CGI answered code 0 and `usable` (the content its
   * clients read is there); otherwise undefined (logged, not rethrown).
   */
  private async reference(name: string, call: () => Promise<{ raw: unknown }>, usable: (raw: Raw) => boolean): Promise<Extra | undefined> {
    try {
      const { raw } = await call();
      const code = Number((raw as Raw)?.code ?? 0);
      if (code === 0 && usable(raw)) return { reference: raw };
      this.logger.warn(`legacy-shape call "${name}" answered code ${code} without its list; keeping the adapted answer`);
    } catch (err) {
      this.logger.warn(`legacy-shape call "${name}" failed (${(err as Error).message}); keeping the adapted answer`);
    }
    return undefined;
  }

  /** `{ [key]: answer }`; on a thrown error `{ [key]: { code: -1, data: empty } }` (logged, not rethrown). */
  private async attempt(key: string, empty: Raw, call: () => Promise<{ code: number; data: Raw }>): Promise<Extra> {
    try {
      const { code, data } = await call();
      if (code !== 0) this.logger.warn(`legacy-shape extra call "${key}" answered code ${code}`);
      return { [key]: { code, data: code === 0 ? data : empty } };
    } catch (err) {
      this.logger.warn(`legacy-shape extra call "${key}" failed (${(err as Error).message})`);
      return { [key]: { code: -1, data: empty } };
    }
  }
}
