import { IdParam, type IdFamily, LimitParam, numericIdForm, PageParam } from '../common/validation';

/** A numeric QQ Music singer id as the older services took it (e.g. 13948 = G.E.M.): 1 to 15 digits. */
export const SINGER_ID_PATTERN = /^\d{1,15}$/;
/** The request rewrite sends a singer MID given as `singerid` to the MID route, so a refusal names both. */
const LEGACY_SINGER_ID: IdFamily = {
  pattern: SINGER_ID_PATTERN,
  noun: 'a numeric singer id (at most 15 digits) or a singer MID (letters and digits, at most 32 characters)',
  form: numericIdForm,
};

/**
 * `GET /getSingerHotsong?singerid=<digits>` (rewritten to /legacy/getSingerHotsongById by the legacy request rewrite):
 * the numeric singer id, and the same `limit`/`page` as /getSingerHotsong.
 */
export class LegacySingerHotsongByIdQuery {
  @IdParam(LEGACY_SINGER_ID, { required: true, description: 'Numeric singer id (1 to 15 digits), e.g. 13948.', example: '13948' })
  singerid!: string;

  @LimitParam({ max: 100, description: 'Songs per page.', example: 20 })
  limit: number = 10;

  /** 0-based page; upstream begin = page × limit. */
  @PageParam({ max: 1000, description: 'Upstream begin = page × limit.', example: 0 })
  page: number = 0;
}
