import { Injectable, Logger } from '@nestjs/common';
import type { MusicuCall } from '../upstream.types';
import { warrantsFallback } from '../upstream.errors';
import { chartPeriod, isEmptyChartAnswer } from './charts.params';
import { UpstreamClient } from './upstream-client';

/** One page of a chart: the upstream body as received, and the `GetDetail` key's data (`data` summary + `songInfoList`). */
export interface ChartDetailAnswer {
  raw: unknown;
  detail: Record<string, any>;
}

/** Every chart: the upstream body, and the `GetAll` key's data (`group[]`). */
export interface ChartListAnswer {
  raw: unknown;
  data: Record<string, any>;
}

/** QQ Music's charts (docs/upstream/charts.md). */
@Injectable()
export class ChartsClient extends UpstreamClient {
  private readonly logger = new Logger(ChartsClient.name);

  /**
   * One page of chart `topId` (`offset` counts songs). docs/upstream/charts.md "Chart detail": `Toplist`/`GetDetail`
   * with no period, the Android retry on an empty answer, and `ToplistInfoServer`/`GetDetail` on a business error.
   */
  async detail(topId: number, offset: number, num: number): Promise<ChartDetailAnswer> {
    try {
      const call: MusicuCall = { module: 'music.musicToplist.Toplist', method: 'GetDetail', param: { topId, offset, num, withTags: false } };
      let res = await this.musicu({ req_1: call });
      if (isEmptyChartAnswer(res.data.req_1)) {
        // docs/upstream/README.md "Android retry": an empty web-comm answer is asked once more with the Android comm.
        this.fellBack('music.musicToplist.Toplist.GetDetail');
        res = await this.musicu({ req_1: call }, { profile: 'android' });
      }
      return this.sampleShape('charts', { raw: res.raw, detail: res.data.req_1 });
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.fellBack('music.musicToplist.Toplist.GetDetail');
      this.logger.warn(`Toplist.GetDetail failed (${err.message}); trying ToplistInfoServer`);
      // The older module wants the period of the edition; docs/upstream/charts.md "Chart detail (fallback)".
      const { raw, data } = await this.musicu({
        req_1: {
          module: 'musicToplist.ToplistInfoServer',
          method: 'GetDetail',
          param: { topId, offset, num, period: chartPeriod(topId) },
        },
      });
      return { raw, detail: data.req_1 };
    }
  }

  /** Every chart, grouped as upstream groups them. docs/upstream/charts.md "All charts". */
  async all(): Promise<ChartListAnswer> {
    const { raw, data } = await this.musicu({
      toplist: { module: 'music.musicToplist.Toplist', method: 'GetAll', param: {} },
    });
    return { raw, data: data.toplist };
  }
}
