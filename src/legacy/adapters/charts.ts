import { records } from '../../common/catalogue';
import { isRecord } from '../../common/catalogue';
import { legacyRoute, RawResponse } from './util';
import type { Raw, LegacyAdapter, LegacyRoute } from './util';

/**
 * getRanks: the raw musicu answer (`req_1.data.data`, `req_1.data.songInfoList`). With resolveMid=true the
 * mids the gateway resolved are written into the raw `songInfoList[i]` and `data.song[i]` (as `mid`/`song_mid`, and
 * `songId`/`song_id`), matched by songId, as the Koa services' normalizer does.
 */
export const getRanks: LegacyAdapter = (s, req) => {
  const raw = s.raw;
  const entries: Raw[] = records(s.body?.data?.songInfoList);
  const resolve = String(req.query?.resolveMid ?? '') === 'true';
  const detail = raw?.req_1?.data;
  if (resolve && isRecord(detail) && entries.length) {
    const mids = new Map<number, string>();
    for (const e of entries) if (e.mid) mids.set(Number(e.songId), String(e.mid));
    const fill = (list: Raw[]) =>
      list.forEach((item) => {
        if (!isRecord(item)) return;
        const id = Number(item.song_id ?? item.songId ?? item.id);
        item.song_id = item.songId = id;
        const mid = item.song_mid || item.mid || mids.get(id);
        if (mid) item.song_mid = item.mid = mid;
      });
    fill(records(detail.songInfoList));
    fill(records(detail.data?.song));
  }
  return { response: raw };
};

export const CHARTS_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  // The musicu answer (`req_1.data`) or a fallback's: nothing beyond `response` is the same in every case.
  getRanks: legacyRoute(getRanks, RawResponse),
};
