import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { mapSettled } from '../common/concurrency';
import { envelope, Shaped } from '../common/shaped';
import { MusicService } from '../music/music.service';
import { ANDROID_RETRY } from '../upstream/android-comm';
import { MusicuCall, UpstreamHttp } from '../upstream/upstream-http.service';
import { warrantsFallback } from '../upstream/upstream.errors';
import { chartPeriod } from './chart-period';
import {
  ChartEntry,
  chartExists,
  ChartGroup,
  ChartSummary,
  isEmptyChartAnswer,
  mapChartDetail,
  mapChartGroups,
} from './charts.mapper';
import { GetRanksQuery } from './dto/get-ranks.dto';

/** The spec's cap on concurrent detail lookups for resolveMid. */
export const RESOLVE_MID_CONCURRENCY = 5;

export interface ChartData {
  topList: ChartSummary;
  songInfoList: ChartEntry[];
}

@Injectable()
export class ChartsService {
  private readonly logger = new Logger(ChartsService.name);

  constructor(
    private readonly upstream: UpstreamHttp,
    private readonly music: MusicService,
  ) {}

  async getRanks(query: GetRanksQuery): Promise<Shaped> {
    if (query.topId === undefined) return this.getAllCharts();
    const offset = query.page * query.limit;
    const { raw, detail } = await this.fetchDetail(query.topId, offset, query.limit);
    // Decided from what upstream says about the chart, not from the rows: a page past the end has none either.
    if (!chartExists(detail)) {
      throw new GatewayError(HttpStatus.NOT_FOUND, 'CHART_NOT_FOUND', `No chart with topId ${query.topId}`);
    }
    const data: ChartData = mapChartDetail(detail, offset);
    if (query.resolveMid) await this.resolveMids(data.songInfoList);
    return envelope(data, raw);
  }

  /**
   * Primary: `music.musicToplist.Toplist`/`GetDetail` (live-tested by L1, no period needed — CONTRACT §12).
   * Fallback on a business error: the refs' `musicToplist.ToplistInfoServer`/`GetDetail`, which needs the period.
   */
  private async fetchDetail(topId: number, offset: number, num: number): Promise<{ raw: unknown; detail: any }> {
    try {
      // CONTRACT §12 "charts detail" primary: L1✓ test_top.py, no period (upstream serves the latest).
      const call: MusicuCall = { module: 'music.musicToplist.Toplist', method: 'GetDetail', param: { topId, offset, num, withTags: false } };
      let res = await this.upstream.musicu({ req_1: call });
      if (isEmptyChartAnswer(res.data.req_1)) {
        // CONTRACT §12.1: L1 tests Toplist with the Android comm only; an empty web-comm answer is retried once with it.
        res = await this.upstream.musicu({ req_1: call }, ANDROID_RETRY);
      }
      return { raw: res.raw, detail: res.data.req_1 };
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.logger.warn(`Toplist.GetDetail failed (${err.message}); trying ToplistInfoServer`);
      // CONTRACT §12 "charts detail" fallback: SJ's module (lx still uses it), which wants a period.
      const { raw, data } = await this.upstream.musicu({
        req_1: {
          module: 'musicToplist.ToplistInfoServer',
          method: 'GetDetail',
          param: { topId, offset, num, period: chartPeriod(topId) },
        },
      });
      return { raw, detail: data.req_1 };
    }
  }

  /** topId omitted: every chart, grouped as upstream groups them (`music.musicToplist.Toplist`/`GetAll`). */
  private async getAllCharts(): Promise<Shaped> {
    // CONTRACT §12 "all charts": L1✓ test_get_category.
    const { raw, data } = await this.upstream.musicu({
      toplist: { module: 'music.musicToplist.Toplist', method: 'GetAll', param: {} },
    });
    const groups: ChartGroup[] = mapChartGroups(data.toplist);
    return envelope({ groups }, raw);
  }

  /** Fills song_mid/mid for entries lacking one: one lookup per distinct songId, at most 5 in flight. */
  private async resolveMids(entries: ChartEntry[]): Promise<void> {
    const missing = [...new Set(entries.filter((e) => !e.mid && e.songId > 0).map((e) => e.songId))];
    if (!missing.length) return;
    const outcomes = await mapSettled(missing, RESOLVE_MID_CONCURRENCY, (id) => this.music.findMidById(id));
    const mids = new Map<number, string>();
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled' && outcome.value) mids.set(missing[i], outcome.value);
    });
    const failed = missing.length - mids.size;
    if (failed) this.logger.warn(`resolveMid: ${failed} of ${missing.length} lookups gave no MID`);
    for (const entry of entries) {
      const mid = mids.get(entry.songId);
      if (mid && !entry.mid) entry.song_mid = entry.mid = mid;
    }
  }
}
