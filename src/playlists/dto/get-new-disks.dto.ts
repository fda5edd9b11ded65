import { IntParam, LimitParam, PageParam } from '../../common/validation';

/** Upstream's new-album areas: 1 内地, 2 港台, 3 欧美, 4 韩国, 5 日本, 6 其他. */
export const NEW_ALBUM_AREAS = [1, 2, 3, 4, 5, 6] as const;
export type NewAlbumArea = (typeof NEW_ALBUM_AREAS)[number];

export class GetNewDisksQuery {
  @LimitParam({ max: 100, description: 'Albums per page.', example: 10 })
  limit: number = 20;

  /** 0-based page (as everywhere in the gateway): upstream start = page × limit. */
  @PageParam({ max: 1000, description: 'Upstream start = page × limit.', example: 0 })
  page: number = 0;

  /** 1 内地 (mainland, default), 2 港台, 3 欧美, 4 韩国, 5 日本, 6 其他. */
  @IntParam({
    min: 1,
    max: NEW_ALBUM_AREAS.length,
    values: NEW_ALBUM_AREAS,
    description: '1 内地 (mainland), 2 港台, 3 欧美 (Western), 4 韩国 (Korea), 5 日本 (Japan), 6 其他 (other).',
    example: 3,
  })
  area: NewAlbumArea = 1;
}
