import type { ShapeSpec } from '../shape/shape';

/**
 * What the chart mapper (src/charts/charts.mapper.ts) reads of `ChartsClient.detail`: the chart's name and period
 * (a chart without either answers 404) and each row's song. `songInfoList` carries the MIDs when upstream sends it.
 */
export const CHART_DETAIL_READS = {
  'detail.data.topId': 'number',
  'detail.data.title': 'string',
  'detail.data.period': 'string',
  'detail.data.song': 'array',
  'detail.data.song[].songId|song_id|id': 'number',
  'detail.data.song[].title|name|songName': 'string',
  'detail.data.song[].singerName': 'string',
  'detail.data.song[].rank?': 'number',
  'detail.songInfoList?': 'array',
  'detail.songInfoList[].id?': 'number',
  'detail.songInfoList[].mid?': 'string',
} as const satisfies ShapeSpec;
