import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { mapSettled } from '../common/concurrency';
import { envelope, Shaped } from '../common/shaped';
import { MusicService } from '../music/music.service';
import { ChartsClient } from '../upstream/clients/charts.client';
import type { ChartEntry, ChartGroups, ChartPage } from './charts.answers';
import { chartExists, mapChartDetail, mapChartGroups } from './charts.mapper';
import { GetRanksQuery } from './dto/get-ranks.dto';

/** The spec's cap on concurrent detail lookups for resolveMid. */
export const RESOLVE_MID_CONCURRENCY = 5;

@Injectable()
export class ChartsService {
  private readonly logger = new Logger(ChartsService.name);

  constructor(
    private readonly charts: ChartsClient,
    private readonly music: MusicService,
  ) {}

  async getRanks(query: GetRanksQuery): Promise<Shaped> {
    if (query.topId === undefined) return this.getAllCharts();
    const offset = query.page * query.limit;
    const { raw, detail } = await this.charts.detail(query.topId, offset, query.limit);
    // Decided from what upstream says about the chart, not from the rows: a page past the end has none either.
    if (!chartExists(detail)) {
      throw new GatewayError(HttpStatus.NOT_FOUND, 'CHART_NOT_FOUND', `No chart with topId ${query.topId}`);
    }
    const data: ChartPage = mapChartDetail(detail, offset);
    if (query.resolveMid) await this.resolveMids(data.songInfoList);
    return envelope(data, raw);
  }

  /** topId omitted: every chart, grouped as upstream groups them. */
  private async getAllCharts(): Promise<Shaped> {
    const { raw, data } = await this.charts.all();
    const answer: ChartGroups = { groups: mapChartGroups(data) };
    return envelope(answer, raw);
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
