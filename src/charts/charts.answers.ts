import { AnyOf, Arr, Int, Obj, Optional, type Static, Str, WithOldNames } from '../common/answer-schema';

/** What /getRanks answers (decision 021: each schema is also the type its mapper returns). */

export const ChartEntry = Obj({
  songId: Int({ description: 'Numeric song id.' }),
  song_id: Int({ description: 'Same as songId (the name the interface also gives it here).' }),
  song_mid: Optional(Str({ description: 'Song mid, when upstream gave one (or resolveMid found it).' })),
  mid: Optional(Str({ description: 'Same as song_mid.' })),
  songName: Str(),
  singerName: Str({ description: 'Singer names joined with "/".' }),
  rank: Int({ description: 'Position in the chart, from 1.' }),
});
export type ChartEntry = Static<typeof ChartEntry>;

export const ChartSummary = Obj({ id: Int(), name: Str(), period: Str({ description: 'The period upstream served, e.g. 2026-11-21 or 2026_47.' }) });
export type ChartSummary = Static<typeof ChartSummary>;

/** The old names of a chart's renamed fields (src/common/glossary.ts). */
export const CHART_RENAMES = { listenNum: 'listen_num', intro: 'desc' } as const;

export const ChartListItem = Obj(
  WithOldNames(
    {
      ...ChartSummary.properties,
      updateTime: Str(),
      listen_num: Int(),
      cover: Str({ description: 'Cover image URL.' }),
      desc: Str({ description: 'The chart\'s description (upstream `intro`).' }),
    },
    CHART_RENAMES,
  ),
);
export type ChartListItem = Static<typeof ChartListItem>;

export const ChartGroup = Obj({ id: Int(), name: Str(), charts: Arr(ChartListItem) });
export type ChartGroup = Static<typeof ChartGroup>;

/** With `topId`: one page of the chart. */
export const ChartPage = Obj({ topList: ChartSummary, songInfoList: Arr(ChartEntry) }, { title: 'ChartPage' });
export type ChartPage = Static<typeof ChartPage>;

/** Without `topId`: every chart, grouped. */
export const ChartGroups = Obj({ groups: Arr(ChartGroup) }, { title: 'ChartGroups' });
export type ChartGroups = Static<typeof ChartGroups>;

export const RanksAnswer = AnyOf([ChartPage, ChartGroups]);
