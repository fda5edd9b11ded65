/**
 * The gateway operations served as MCP tools: one line each, a tool name, the operation's method and path, and what
 * the tool does for a listener (its description; the parameters' come from the gateway's OpenAPI document,
 * openapi-tools.ts, so they move with the controllers). `account` tools act on a QQ Music account (a write, or a
 * personal read): without GATEWAY_COOKIE their login error says how to give one. `whenPresent` lines name routes that
 * may not exist in every gateway version: listed only if the document has the operation; every other line must find
 * its operation or start-up fails.
 */
export interface ToolRoute {
  name: string;
  method: 'get' | 'post';
  path: string;
  /** What the tool does for someone listening to music, in one sentence. */
  listener: string;
  account?: true;
  whenPresent?: boolean;
}

// ---- tools: start ------------------------------------------------------------------------------------------------
export const TOOL_ROUTES: ToolRoute[] = [
  { name: 'search', method: 'get', path: '/getSearchByKey', listener: 'Find songs, singers, albums, playlists, MVs or lyrics on QQ Music by keyword.' },
  { name: 'search_suggest', method: 'get', path: '/getSmartbox', listener: 'Suggest songs, singers, albums and MVs while a keyword is being typed.' },
  { name: 'song_info', method: 'get', path: '/getSongInfo', listener: 'Details of one song: title, singers, album, duration and the qualities it can be played in.' },
  { name: 'lyric', method: 'get', path: '/getLyric', listener: "A song's lyric, with its translation when there is one; word by word on request." },
  { name: 'play_url', method: 'get', path: '/getMusicPlay', listener: 'A playable URL of one song (or a few) in the quality asked for, or its trial clip.' },
  { name: 'play_urls', method: 'post', path: '/getMusicPlayBatch', listener: 'Playable URLs of up to 100 songs at once, one result per song.' },
  { name: 'album_info', method: 'get', path: '/getAlbumInfo', listener: 'An album and its songs.' },
  { name: 'chart', method: 'get', path: '/getRanks', listener: 'The songs of a QQ Music chart (hot, new, rising…), a page at a time.' },
  { name: 'playlist_detail', method: 'get', path: '/getSongListDetail', listener: 'A playlist and its songs.' },
  { name: 'singer_hot_songs', method: 'get', path: '/getSingerHotsong', listener: "A singer's most popular songs." },
  { name: 'singer_desc', method: 'get', path: '/getSingerDesc', listener: "A singer's biography." },
  { name: 'comments', method: 'get', path: '/getComments', listener: 'The comments on a song, album, playlist or MV, newest or hottest first.' },
  { name: 'daily_songs', method: 'get', path: '/getDailySongs', listener: "Today's 30 songs picked for the logged-in listener.", account: true },
  { name: 'personal_radio', method: 'get', path: '/getPersonalRadio', listener: "The next songs of the logged-in listener's personal radio (guess you like).", account: true },
  { name: 'similar_songs', method: 'get', path: '/getSimilarSongs', listener: 'Songs similar to one song.' },
  { name: 'song_related_playlists', method: 'get', path: '/getSongRelatedPlaylists', listener: 'Playlists that contain a song.' },
  { name: 'user_playlists', method: 'get', path: '/user/getUserPlaylists', listener: 'The playlists a QQ Music user created.' },
  // The library routes (docs/library.md): listed once the gateway serves them.
  { name: 'set_song_like', method: 'post', path: '/user/setSongLike', listener: 'Like or unlike a song for the logged-in listener (their 我喜欢 list).', account: true, whenPresent: true },
  { name: 'song_like_state', method: 'get', path: '/user/getSongLikeState', listener: 'Whether the logged-in listener likes each of some songs.', account: true, whenPresent: true },
  { name: 'create_playlist', method: 'post', path: '/user/createPlaylist', listener: 'Create a playlist for the logged-in listener.', account: true, whenPresent: true },
  { name: 'add_playlist_songs', method: 'post', path: '/user/addPlaylistSongs', listener: "Add songs to one of the logged-in listener's playlists.", account: true, whenPresent: true },
  { name: 'remove_playlist_songs', method: 'post', path: '/user/removePlaylistSongs', listener: "Remove songs from one of the logged-in listener's playlists.", account: true, whenPresent: true },
  { name: 'set_playlist_collect', method: 'post', path: '/user/setPlaylistCollect', listener: "Save or unsave someone else's playlist for the logged-in listener.", account: true, whenPresent: true },
  { name: 'set_album_collect', method: 'post', path: '/user/setAlbumCollect', listener: 'Save or unsave an album for the logged-in listener.', account: true, whenPresent: true },
  { name: 'set_singer_follow', method: 'post', path: '/user/setSingerFollow', listener: 'Follow or unfollow a singer for the logged-in listener.', account: true, whenPresent: true },
];
// ---- tools: end --------------------------------------------------------------------------------------------------
