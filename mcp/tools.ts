/**
 * The gateway operations served as MCP tools: one line each, a tool name and the operation's method and path. Each
 * tool's description and input schema come from that operation in the gateway's OpenAPI document (openapi-tools.ts),
 * so they move with the controllers. `whenPresent` lines name routes that may not exist in every gateway version: the
 * tool is listed only if the document has the operation; every other line must find its operation or start-up fails.
 */
export interface ToolRoute {
  name: string;
  method: 'get' | 'post';
  path: string;
  whenPresent?: boolean;
}

// ---- tools: start ------------------------------------------------------------------------------------------------
export const TOOL_ROUTES: ToolRoute[] = [
  { name: 'search', method: 'get', path: '/getSearchByKey' },
  { name: 'search_suggest', method: 'get', path: '/getSmartbox' },
  { name: 'song_info', method: 'get', path: '/getSongInfo' },
  { name: 'lyric', method: 'get', path: '/getLyric' },
  { name: 'play_url', method: 'get', path: '/getMusicPlay' },
  { name: 'play_urls', method: 'post', path: '/getMusicPlayBatch' },
  { name: 'album_info', method: 'get', path: '/getAlbumInfo' },
  { name: 'chart', method: 'get', path: '/getRanks' },
  { name: 'playlist_detail', method: 'get', path: '/getSongListDetail' },
  { name: 'singer_hot_songs', method: 'get', path: '/getSingerHotsong' },
  { name: 'singer_desc', method: 'get', path: '/getSingerDesc' },
  { name: 'comments', method: 'get', path: '/getComments' },
  { name: 'daily_songs', method: 'get', path: '/getDailySongs' },
  { name: 'personal_radio', method: 'get', path: '/getPersonalRadio' },
  { name: 'similar_songs', method: 'get', path: '/getSimilarSongs' },
  { name: 'song_related_playlists', method: 'get', path: '/getSongRelatedPlaylists' },
  { name: 'user_playlists', method: 'get', path: '/user/getUserPlaylists' },
  // The library routes (docs/library.md): listed once the gateway serves them.
  { name: 'set_song_like', method: 'post', path: '/user/setSongLike', whenPresent: true },
  { name: 'song_like_state', method: 'get', path: '/user/getSongLikeState', whenPresent: true },
  { name: 'create_playlist', method: 'post', path: '/user/createPlaylist', whenPresent: true },
  { name: 'add_playlist_songs', method: 'post', path: '/user/addPlaylistSongs', whenPresent: true },
  { name: 'remove_playlist_songs', method: 'post', path: '/user/removePlaylistSongs', whenPresent: true },
  { name: 'set_playlist_collect', method: 'post', path: '/user/setPlaylistCollect', whenPresent: true },
  { name: 'set_album_collect', method: 'post', path: '/user/setAlbumCollect', whenPresent: true },
  { name: 'set_singer_follow', method: 'post', path: '/user/setSingerFollow', whenPresent: true },
];
// ---- tools: end --------------------------------------------------------------------------------------------------
