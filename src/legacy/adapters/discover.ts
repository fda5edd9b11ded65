import { records } from '../../common/catalogue';
import { isObj } from './util';
import type { Raw, LegacyAdapter } from './util';

/** getRecommend: the gateway's keys renamed to the Koa services' (`recomPlaylist`, `new_song`, `new_album`, `toplist`, `focus`). */
const RECOMMEND_KEYS: Record<string, string> = {
  playlists: 'recomPlaylist',
  newSongs: 'new_song',
  newAlbums: 'new_album',
  charts: 'toplist',
  focus: 'focus',
};
export const getRecommend: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) out[RECOMMEND_KEYS[k] ?? k] = v;
  // The Koa services' `playlist` key (PlayListPlazaServer) is not called; its `v_playlist` comes from the feed.
  if (isObj(out.recomPlaylist) && !out.playlist) {
    const feed = (out.recomPlaylist as Raw).data ?? {};
    const list = records(feed.v_hot ?? feed.List ?? feed.list ?? feed.v_playlist);
    out.playlist = { code: 0, data: { v_playlist: list, total: list.length } };
  }
  return { response: out };
};
