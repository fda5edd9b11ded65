import type { ShapeSpec } from '../shape/shape';

/**
 * What `mapMusicuSearch` (search.parse.ts) reads of a song search answered by the Desktop search, the first of
 * `SearchClient.search`'s calls: the `req` key's `body.song.list` and the total. An answer from a fallback search has
 * other fields (the fallback witness says when one answered).
 */
export const SONG_SEARCH_READS = {
  'raw.req.data.body.song.list|itemlist': 'array',
  'raw.req.data.body.song.list|itemlist[].songid|id': 'number',
  'raw.req.data.body.song.list|itemlist[].songmid|mid': 'string',
  'raw.req.data.body.song.list|itemlist[].songname|title|name': 'string',
  'raw.req.data.body.song.list|itemlist[].singer': 'array',
  'raw.req.data.body.song.list|itemlist[].singer[].id': 'number',
  'raw.req.data.body.song.list|itemlist[].singer[].mid': 'string',
  'raw.req.data.body.song.list|itemlist[].singer[].name': 'string',
  'raw.req.data.body.song.list|itemlist[].album.id': 'number',
  'raw.req.data.body.song.list|itemlist[].album.mid': 'string',
  'raw.req.data.body.song.list|itemlist[].album.name|title': 'string',
  'raw.req.data.body.song.list|itemlist[].interval': 'number',
  'raw.req.data.meta.sum|estimate_sum?': 'number',
} as const satisfies ShapeSpec;
