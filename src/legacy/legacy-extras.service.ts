import { Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import type { Shaped } from '../common/shaped';
import { MvClient } from '../upstream/clients/mv.client';
import { SingersClient } from '../upstream/clients/singers.client';

type Raw = any;
type Extra = Record<string, Raw>;

/**
 * Upstream calls made only for the legacy shape, where the older Koa services' answer held a block the gateway's
 * own call lacks (docs/legacy.md "Extra calls"). Each answer goes to the route's adapter under the Koa key. A failed
 * extra call never fails the request: the block is then `{ code, data: <empty> }` or rebuilt by the adapter.
 */
@Injectable()
export class LegacyExtras {
  private readonly logger = new Logger(LegacyExtras.name);

  constructor(
    private readonly mv: MvClient,
    private readonly singers: SingersClient,
  ) {}

  /** The extra answers for route `name`, or undefined when the route makes none. */
  async fetch(name: string, shaped: Shaped<Raw>, req: Request): Promise<Extra | undefined> {
    const q = req.query ?? {};
    const page = Math.max(0, Number(q.page) || 0);
    const limit = Math.max(1, Number(q.limit) || 10);
    switch (name) {
      case 'getMvPlay':
        return this.attempt('other', { list: [] }, () => this.mv.relatedVideos(String(q.vid ?? '')));
      case 'getSingerHotsong': {
        // The fallback call already is get_singer_detail_info: its raw `singer` key is the block.
        if ((shaped.raw as Raw)?.singer) return undefined;
        const mid = String(shaped.body?.data?.singerMID || q.singermid || '');
        return mid ? this.attempt('singer', null, () => this.singers.detailInfo(mid, page * limit, limit)) : undefined;
      }
      case 'getSingerHotsongById': {
        const mid = String(shaped.body?.data?.singerMID ?? '');
        return mid ? this.attempt('singer', null, () => this.singers.detailInfo(mid, 0, 1)) : undefined;
      }
      default:
        return undefined;
    }
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
