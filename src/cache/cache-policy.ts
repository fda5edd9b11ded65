/**
 * How long each catalogue read stays fresh (seconds), chosen from how often upstream data changes.
 * Routes not listed (login, user, POST batches, health, metrics) are never cached.
 */
export const CACHE_TTL_SECONDS: Readonly<Record<string, number>> = {
  '/getRanks': 300, // charts change daily or weekly
  '/getSongInfo': 3600,
  '/getSongLists': 600,
  '/getSongListCategories': 86400,
  '/getSongListDetail': 600,
  '/getNewDisks': 1800,
  '/getSingerList': 3600,
  '/getSingerDesc': 86400,
  '/getSingerHotsong': 1800,
  '/getSingerAlbum': 3600,
  '/getSingerMv': 3600,
  '/getSimilarSinger': 86400,
  '/getSingerStarNum': 600,
  '/getMusicPlay': 300, // vkey URLs live ~1 day, but rights can change with the cookie
  '/downloadMainMusic': 300,
  '/getLyric': 86400,
  '/getAlbumInfo': 3600,
  '/getMv': 1800,
  '/getMvPlay': 300,
  '/getMvByTag': 1800,
  '/getImageUrl': 86400,
  '/getDigitalAlbumLists': 1800,
  '/getRadioLists': 3600,
  '/getRecommend': 600,
  '/getTicketInfo': 600,
  '/getComments': 60,
  '/getSearchByKey': 300,
  '/getHotkey': 600,
  '/getSmartbox': 300,
  '/getTopLists': 600,
};

/** After its TTL an entry is kept this much longer, to be served (marked stale) if upstream fails. */
export const STALE_WINDOW_SECONDS = 3600;
