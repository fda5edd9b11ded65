import type { GroupEntries } from './entry';

/** The glossary's "Charts" names (src/common/glossary.ts merges the groups). */
export const CHARTS: GroupEntries<'Charts'> = {
  charts: { group: 'Charts', meaning: 'A list of charts.', type: 'object[]', upstream: 'Toplist GetAll `group[].toplist`' },
  groups: { group: 'Charts', meaning: 'Groups of charts, or of radio stations.', type: 'object[]', upstream: 'GetAll `group`; the radio list\'s groups' },
  intro: { group: 'Charts', meaning: 'A chart\'s description.', type: 'string', upstream: '`intro`', deprecatedFor: 'desc' },
  period: { group: 'Charts', meaning: 'The chart period upstream served, e.g. 2026-11-21 or 2026_47.', type: 'string', upstream: '`period`', fixedBy: 'chart `topList.period`' },
  rank: { group: 'Charts', meaning: 'A song\'s position in the chart, from 1.', type: 'integer', upstream: '`rank`', fixedBy: 'chart entries `rank`' },
  songInfoList: { group: 'Charts', meaning: 'A chart page\'s entries.', type: 'object[]', upstream: 'GetDetail `data.song`', fixedBy: 'chart `songInfoList`' },
  topId: { group: 'Charts', meaning: 'A recommended chart\'s id.', type: 'integer', upstream: '`topId`', deprecatedFor: 'id' },
  topList: { group: 'Charts', meaning: 'The chart a page is of `{ id, name, period }`.', type: 'object', upstream: 'GetDetail `data`', fixedBy: 'chart `topList`' },
  topLists: { group: 'Charts', meaning: 'Every chart with its first songs (/getTopLists).', type: 'object[]', upstream: 'fcg_myqq_toplist.fcg `topList`' },
  type: { group: 'Charts', meaning: 'A kind: the search type answered; upstream\'s chart type; the /getPersonalRecommend type; the relation list asked.', type: 'string | integer', upstream: 'the request; `type`' },
  updateTime: { group: 'Charts', meaning: 'When a chart was last updated, as upstream writes it.', type: 'string', upstream: '`updateTime`' },
};
