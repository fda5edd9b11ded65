import { records } from '../../common/catalogue';
import { isRecord } from '../../common/catalogue';
import { Obj, RawObject } from '../../common/answer-schema';
import { legacyRoute } from './util';
import type { LegacyAdapter, LegacyRoute, Raw } from './util';

/** getRecommend: the gateway's keys renamed to the Koa services' (`recomPlaylist`, `new_song`, `new_album`, `toplist`, `focus`). */
const RECOMMEND_KEYS: Record<string, string> = {
  playlists: 'recomPlaylist',
  newSongs: 'new_song',
  newAlbums: 'new_album',
  charts: 'toplist',
  focus: 'focus',
};

const coverUrl = (c: unknown, ...sizes: string[]): unknown => {
  if (!isRecord(c)) return c;
  for (const k of [...sizes, 'default_url']) if (c[k]) return c[k];
  return undefined;
};

/** A recommended-feed item (`List[].Playlist.basic`) as a `get_hot_recommend` `v_hot[]` item. */
export function hotItem(item: Raw): Raw {
  const b: Raw = item?.Playlist?.basic ?? item?.basic ?? item ?? {};
  return {
    content_id: b.tid ?? b.content_id,
    title: b.title,
    cover: coverUrl(b.cover, 'medium_url', 'big_url'),
    username: b.creator?.nick ?? b.username,
    listen_num: b.play_cnt ?? b.listen_num,
    rcmdcontent: b.desc ?? '',
  };
}

/** The same item as a `get_playlist_by_category` `v_playlist[]` item. */
export function plazaItem(item: Raw): Raw {
  const b: Raw = item?.Playlist?.basic ?? item?.basic ?? item ?? {};
  return {
    tid: b.tid ?? b.content_id,
    title: b.title,
    cover_url_small: coverUrl(b.cover, 'small_url', 'medium_url'),
    cover_url_medium: coverUrl(b.cover, 'medium_url'),
    cover_url_big: coverUrl(b.cover, 'big_url', 'medium_url'),
    access_num: b.play_cnt ?? b.access_num,
    creator_info: { nick: b.creator?.nick ?? '', avatar: b.creator?.avatar ?? '' },
    desc: b.desc ?? '',
  };
}

/**
 * The Koa services asked `get_hot_recommend` (`recomPlaylist.data.v_hot`) and `get_playlist_by_category`
 * (`playlist.data.v_playlist`, `total`); the gateway asks the live-tested feed and rebuilds both lists from it,
 * item by item with those calls' names. `focus` is the Koa services' own GetFocus answer.
 */
export const getRecommend: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) out[RECOMMEND_KEYS[k] ?? k] = v;
  const rec = out.recomPlaylist as Raw;
  if (isRecord(rec) && !out.playlist) {
    const feed = isRecord(rec.data) ? rec.data : {};
    const hot = Array.isArray(feed.v_hot) ? feed.v_hot : records(feed.List ?? feed.list).map(hotItem);
    const plaza = records(feed.v_playlist ?? feed.List ?? feed.list ?? feed.v_hot).map(plazaItem);
    out.recomPlaylist = { ...rec, data: { ...feed, v_hot: hot } };
    out.playlist = { code: rec.code ?? 0, data: { v_playlist: plaza, total: plaza.length } };
  }
  return { response: out };
};

export const DISCOVER_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  getRecommend: legacyRoute(
    getRecommend,
    Obj({ response: RawObject({ description: 'The upstream keys under the Koa services\' names: `recomPlaylist` (`data.v_hot`), `playlist` (`data.v_playlist`), `new_song`, `new_album`, `toplist`, `focus`.' }) }),
  ),
};
