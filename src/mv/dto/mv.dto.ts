import { Transform } from 'class-transformer';
import { ChoiceParam, IdParam, LimitParam, MV_VID, PageParam } from '../../common/validation';

/** Area ids of `GetAllocMvInfo` (docs/upstream/mv.md "MV list"): 15 all, 8 内地, 5 港台, 6 欧美, 7 韩国, 4 日本. */
export const MV_AREAS = [15, 8, 5, 6, 7, 4] as const;
/** Version ids: 7 all, 8 MV, 13 live, 14 cover, 15 dance, 16 film, 17 variety, 18 kids. */
export const MV_VERSIONS = [7, 8, 13, 14, 15, 16, 17, 18] as const;
/** The Koa projects' `lan` tags (`janpan` is upstream's spelling). */
export const MV_AREA_TAGS = ['all', 'neidi', 'gangtai', 'oumei', 'korea', 'janpan'] as const;
export type MvAreaTag = (typeof MV_AREA_TAGS)[number];
/** Each tag's MV-list area (docs/upstream/mv.md "MV by tag"). */
export const MV_TAG_AREAS: Record<MvAreaTag, (typeof MV_AREAS)[number]> = { all: 15, neidi: 8, gangtai: 5, oumei: 6, korea: 7, janpan: 4 };
/** Accepted spellings that are not upstream's own. */
export const MV_TAG_ALIASES: Record<string, string> = { japan: 'janpan' };

/** A tag as read: trimmed, lower-cased, an alias replaced by upstream's spelling; blank = absent. */
const ToMvTag = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const tag = value.trim().toLowerCase();
    return tag ? (MV_TAG_ALIASES[tag] ?? tag) : undefined;
  });

class MvPage {
  @LimitParam({ max: 100, description: 'MVs per page.', example: 10 })
  limit: number = 20;

  /** 0-based page; upstream start = page × limit (the Koa projects' page 0 = page 1 bug is not kept). */
  @PageParam({ max: 1000, description: 'Upstream start = page × limit.', example: 0 })
  page: number = 0;
}

export class GetMvQuery extends MvPage {
  @ChoiceParam(MV_AREAS, {
    description: '15 all, 8 内地 (mainland), 5 港台, 6 欧美 (Western), 7 韩国 (Korea), 4 日本 (Japan).',
    example: 8,
    messages: { integer: 'area_id must be an integer' },
  })
  area_id: number = 15;

  @ChoiceParam(MV_VERSIONS, {
    description: '7 all, 8 MV, 13 live, 14 cover, 15 dance, 16 film, 17 variety, 18 kids.',
    example: 8,
    messages: { integer: 'version_id must be an integer' },
  })
  version_id: number = 7;
}

export class GetMvByTagQuery extends MvPage {
  /** One of all, neidi, gangtai, oumei, korea, janpan (japan accepted as an alias); case-insensitive. */
  @ChoiceParam(MV_AREA_TAGS, {
    required: true,
    read: ToMvTag(),
    documented: [...MV_AREA_TAGS, ...Object.keys(MV_TAG_ALIASES)],
    description: 'Area tag, case-insensitive: all, neidi, gangtai, oumei, korea, janpan (upstream spelling; `japan` accepted as an alias).',
    example: 'korea',
    messages: { choice: `tag must be one of ${MV_AREA_TAGS.join(', ')} (or japan)` },
  })
  tag!: MvAreaTag;
}

export class GetMvPlayQuery {
  /** MV vid, e.g. l0031ejo935. */
  @IdParam(MV_VID, { required: true, trim: true, description: 'MV vid: letters and digits, ≤ 32.', example: 'l0031ejo935' })
  vid!: string;
}
