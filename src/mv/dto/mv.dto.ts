import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { Transform } from 'class-transformer';
import { ToInt, ToTrimmed } from '../../common/validation';

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

class MvPage {
  @IsOptional() @ToInt()
  @Max(100, { message: 'limit must be between 1 and 100' }) @Min(1, { message: 'limit must be between 1 and 100' })
  @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'MVs per page.', default: 20, minimum: 1, maximum: 100, example: 10 })
  limit: number = 20;

  /** 0-based page; upstream start = page × limit (the Koa projects' page 0 = page 1 bug is not kept). */
  @IsOptional() @ToInt()
  @Max(1000, { message: 'page must be at most 1000' }) @Min(0, { message: 'page must be 0 or more' })
  @IsInt({ message: 'page must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based page; upstream start = page × limit.', default: 0, minimum: 0, maximum: 1000, example: 0 })
  page: number = 0;
}

export class GetMvQuery extends MvPage {
  @IsOptional() @ToInt()
  @IsIn(MV_AREAS, { message: `area_id must be one of ${MV_AREAS.join(', ')}` })
  @IsInt({ message: 'area_id must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '15 all, 8 内地 (mainland), 5 港台, 6 欧美 (Western), 7 韩国 (Korea), 4 日本 (Japan).', enum: [...MV_AREAS], default: 15, example: 8 })
  area_id: number = 15;

  @IsOptional() @ToInt()
  @IsIn(MV_VERSIONS, { message: `version_id must be one of ${MV_VERSIONS.join(', ')}` })
  @IsInt({ message: 'version_id must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '7 all, 8 MV, 13 live, 14 cover, 15 dance, 16 film, 17 variety, 18 kids.', enum: [...MV_VERSIONS], default: 7, example: 8 })
  version_id: number = 7;
}

export class GetMvByTagQuery extends MvPage {
  /** One of all, neidi, gangtai, oumei, korea, janpan (japan accepted as an alias); case-insensitive. */
  @Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const tag = value.trim().toLowerCase();
    return tag ? (MV_TAG_ALIASES[tag] ?? tag) : undefined;
  })
  @IsDefined({ message: 'tag is required' })
  @IsIn(MV_AREA_TAGS, { message: `tag must be one of ${MV_AREA_TAGS.join(', ')} (or japan)` })
  @ApiProperty({ type: 'string', description: 'Area tag, case-insensitive: all, neidi, gangtai, oumei, korea, janpan (upstream spelling; `japan` accepted as an alias).', enum: [...MV_AREA_TAGS, ...Object.keys(MV_TAG_ALIASES)], example: 'korea' })
  tag!: MvAreaTag;
}

export class GetMvPlayQuery {
  /** MV vid, e.g. l0031ejo935. */
  @ToTrimmed()
  @IsDefined({ message: 'vid is required' })
  @Matches(/^[0-9A-Za-z]{1,32}$/, { message: 'vid must be an MV vid (letters and digits)' })
  @ApiProperty({ type: 'string', description: 'MV vid: letters and digits, ≤ 32.', pattern: '^[0-9A-Za-z]{1,32}$', example: 'l0031ejo935' })
  vid!: string;
}
