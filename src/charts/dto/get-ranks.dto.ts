import { BoolParam, IntParam, LimitParam, PageParam } from '../../common/validation';

export class GetRanksQuery {
  /** Chart id (4 rising, 62 hot, 208 new, 6 original, 104 MV…). Omitted: the list of all charts. */
  @IntParam({
    min: 1,
    max: 99999,
    description: 'Chart id (the spec\'s labels: 4 rising, 62 hot songs, 208 new songs, 6 original, 104 MV; QQ Music names 62 飙升榜 and 4 流行指数, see topList.name; or any id listed by /getRanks without topId). Omitted: every chart, grouped. An unknown id → 404 CHART_NOT_FOUND.',
    example: 62,
    messages: { min: 'topId must be a positive chart id', max: 'topId must be a valid chart id' },
  })
  topId?: number;

  @LimitParam({ max: 300, description: 'Songs per page.', example: 10 })
  limit: number = 20;

  /** 0-based page; upstream offset = page × limit. */
  @PageParam({ max: 1000, description: 'Upstream offset = page × limit.', example: 0 })
  page: number = 0;

  @BoolParam({ description: '`true`/`1` or `false`/`0`: look up the MID of each song upstream did not give one for (at most 5 lookups in flight).', example: true })
  resolveMid: boolean = false;
}
