/**
 * The vocabulary of the normalised shape, declared once: every field name an answer (or an error body) may carry, what
 * it means, its type and where its value comes from upstream. `npm run docs` renders docs/glossary.md from it, and
 * test/robustness/glossary.e2e-spec.ts fails on an answer field that is not declared here, and on an entry no answer
 * uses. The legacy shape's bodies (docs/legacy.md) are the older services' words and are not part of it.
 *
 * One name per concept:
 * - A concept the interface the gateway implements names (docs/endpoints.md) is called by that name wherever it is
 *   answered: `singerMID`, `dissid`, `dissname`, `listen_num`, `desc`, `nick`, `avatarUrl`, `publicTime`, and the song's
 *   own words `songmid`, `songid`, `songname`, `singer`, which are its parameter names and its playlist songlist's
 *   fields. Where the interface gives one concept two names (a chart entry's `songId`, `song_id`, `song_mid`, `mid`,
 *   `songName`, `singerName`), the second name stays where it writes it (`sameAs` names the concept's one name).
 * - Everything else is lowerCamelCase, ids ending `Id`, MIDs `Mid`, counts `Count`, dates and times `…Time` / `…At`,
 *   and picture URLs `cover` (of an album, playlist, chart, MV, station) or `…Url`.
 * - A field renamed to its concept's one name is still answered under its old name beside the new one, marked
 *   `deprecated` in the OpenAPI document, until OLD_NAMES_REMOVED_IN (src/common/answer-schema.ts; `deprecatedFor` names
 *   the new name).
 */

export const GLOSSARY_GROUPS = [
  'Envelope and errors',
  'Paging',
  'Songs',
  'Play URLs and downloads',
  'Lyrics',
  'Singers',
  'Albums',
  'Playlists',
  'Charts',
  'MVs',
  'Comments',
  'Search',
  'Discover and recommendations',
  'Users and accounts',
  'Library writes',
  'Login',
  'Operations',
] as const;
export type GlossaryGroup = (typeof GLOSSARY_GROUPS)[number];

export interface GlossaryEntry {
  group: GlossaryGroup;
  /** What the field holds (several uses of one general name are listed here). */
  meaning: string;
  /** Its JSON type, as docs/endpoints.md writes answer types. */
  type: string;
  /** Where its value comes from upstream (`gateway`: computed by the gateway, no upstream field). */
  upstream: string;
  /** Where the interface the gateway implements fixes this name: kept exactly as it writes it there. */
  fixedBy?: string;
  /**
   * Where a compatibility route (one only the older services had) keeps its own word, as the compatibility suite
   * (test/legacy) pins its answer.
   */
  keptBy?: string;
  /** The concept's one name, when this one is a second name kept where `fixedBy` or `keptBy` says. */
  sameAs?: string;
  /** An old name: renamed to this field, answered beside it until OLD_NAMES_REMOVED_IN (src/common/answer-schema.ts). */
  deprecatedFor?: string;
  /** With `deprecatedFor`: where the name also stays, not deprecated, with the meaning above. */
  staysWhere?: string;
}

const ISO = 'ISO 8601 date-time';

/** Every answer field name of the normalised shape. Keys sorted within each group. */
export const GLOSSARY: Record<string, GlossaryEntry> = {
  favCount: { group: 'Songs', meaning: 'How many users favourited a song; null when upstream gives only a text.', type: 'integer | null', upstream: '`m_numbers[<song id>]` of the favourite-count call' },
  favCountText: { group: 'Songs', meaning: 'The favourite count as QQ Music shows it (`550w+`); empty when none.', type: 'string', upstream: '`m_show[<song id>]`' },
  credential: { group: 'Login', meaning: 'A login\'s full credential (opt-in on a check; what `/user/refreshLogin` takes and answers).', type: 'object', upstream: 'the login answer\'s `req.data`' },
  musicid: { group: 'Login', meaning: 'The account id, a digit string (WeChat ids exceed 2^53).', type: 'string', upstream: 'the login answer\'s `req.data`' },
  str_musicid: { group: 'Login', meaning: 'The account id as upstream writes it for WeChat.', type: 'string', upstream: 'the login answer\'s `req.data`' },
  musickey: { group: 'Login', meaning: 'The login key.', type: 'string', upstream: 'the login answer\'s `req.data`' },
  refresh_key: { group: 'Login', meaning: 'The single-use key a refresh spends.', type: 'string', upstream: 'the login answer\'s `req.data`' },
  refresh_token: { group: 'Login', meaning: 'The OAuth refresh token of the login.', type: 'string', upstream: 'the login answer\'s `req.data`' },
  openid: { group: 'Login', meaning: 'The OAuth open id of the login.', type: 'string', upstream: 'the login answer\'s `req.data`' },
  access_token: { group: 'Login', meaning: 'The QQ OAuth access token.', type: 'string', upstream: 'the login answer\'s `req.data`' },
  unionid: { group: 'Login', meaning: 'The WeChat union id.', type: 'string', upstream: 'the login answer\'s `req.data`' },
  expired_at: { group: 'Login', meaning: 'When the OAuth token expires (epoch seconds).', type: 'integer', upstream: 'the login answer\'s `req.data`' },
  musickeyCreateTime: { group: 'Login', meaning: 'When the login key was issued (epoch seconds).', type: 'integer', upstream: 'the login answer\'s `req.data`' },
  keyExpiresIn: { group: 'Login', meaning: 'How long the login key lives (seconds).', type: 'integer', upstream: 'the login answer\'s `req.data`' },
  // ---------------------------------------------------------------- envelope and errors
  code: {
    group: 'Envelope and errors',
    meaning: 'The envelope\'s `0` (success). Elsewhere a numeric code: the Main login poll\'s ptlogin state, the avatar wrapper\'s `0`, an upstream business code (a failed /getRecommend part, a failed credential refresh).',
    type: 'integer',
    upstream: 'gateway (envelope); ptlogin `ptuiCB`; upstream business codes',
    fixedBy: 'the common response envelope',
  },
  data: {
    group: 'Envelope and errors',
    meaning: 'The route\'s payload, shaped per route (the envelope\'s); in /getSongInfo and its batch entries also upstream\'s `songinfo.data` as received; in /batchGetSongLists the list of results.',
    type: 'object | array',
    upstream: 'gateway',
    fixedBy: 'the common response envelope; batchGetSongLists `{ status, data }`; `songinfo.data`',
  },
  error: {
    group: 'Envelope and errors',
    meaning: 'What went wrong, for people (error bodies, failed batch elements, a login poll on a dead QR code). In the health probes: the checks that failed (empty on a 200).',
    type: 'string | object',
    upstream: 'gateway',
    fixedBy: 'error bodies `{ error }`',
  },
  errorCode: {
    group: 'Envelope and errors',
    meaning: 'Stable machine-readable code of an error (docs/endpoints.md lists each route\'s).',
    type: 'string',
    upstream: 'gateway',
  },
  message: {
    group: 'Envelope and errors',
    meaning: 'A sentence for people: a login poll state, why the avatar size was snapped, why a lyric fell back, a refresh outcome, why a playlist list may be empty.',
    type: 'string',
    upstream: 'gateway; ptlogin and WeChat poll texts',
    fixedBy: 'login checks `{ isOk, message, session }`; avatar `{ avatarUrl, message }`',
  },
  msg: { group: 'Envelope and errors', meaning: 'The envelope\'s status text, `ok`.', type: 'string', upstream: 'gateway', fixedBy: 'the common response envelope' },
  ok: {
    group: 'Envelope and errors',
    meaning: 'Whether one element of a batch (a song, a play URL, a playlist write\'s song) or the last credential refresh succeeded.',
    type: 'boolean',
    upstream: 'gateway',
  },
  response: {
    group: 'Envelope and errors',
    meaning: 'The avatar answer\'s wrapper `{ code, data }`, as the older services answer it.',
    type: 'object',
    upstream: 'gateway',
    fixedBy: 'avatar `{ response: { code, data } }`',
  },
  status: {
    group: 'Envelope and errors',
    meaning: '`200` around /batchGetSongLists\' results; the HTTP status one failed batch element would have answered; a health probe\'s `ok` / `up`.',
    type: 'integer | string',
    upstream: 'gateway',
    fixedBy: 'batchGetSongLists `{ status, data }`',
  },
  upstreamCode: { group: 'Envelope and errors', meaning: 'Upstream\'s business code behind an error.', type: 'integer', upstream: 'the musicu key\'s or CGI\'s `code`' },
  upstreamResult: { group: 'Envelope and errors', meaning: 'The play key entry\'s `result` behind a NO_PLAY_URL, e.g. 104003 (no rights).', type: 'integer', upstream: 'vkey `midurlinfo[].result`' },

  // ---------------------------------------------------------------- paging
  from: {
    group: 'Paging',
    meaning: '/getRelationList: the index of the first entry, as asked (that route\'s parameter `from`).',
    type: 'integer',
    upstream: 'the request',
    keptBy: '/getRelationList, the Koa project fork\'s route (its parameter name)',
  },
  hasMore: { group: 'Paging', meaning: 'Whether upstream has another page or batch.', type: 'boolean', upstream: '`HasMore` / `hasmore` / `has_more`' },
  lastMvid: {
    group: 'Paging',
    meaning: 'The last MV\'s numeric id: send it back as the `lastMvid` parameter for the next batch (named as that parameter); 0 for an empty batch.',
    type: 'integer',
    upstream: 'the last item\'s `mvid`',
  },
  limit: { group: 'Paging', meaning: 'Items per page, as asked.', type: 'integer', upstream: 'the request' },
  nextCursor: {
    group: 'Paging',
    meaning: 'What to send as `rootcommentid` (with `pagenum + 1`) for the next comment page; \'\' when there is none.',
    type: 'string',
    upstream: 'the last comment\'s `SeqNo` (CommentRead) or `rootcommentid` (CGI)',
  },
  page: {
    group: 'Paging',
    meaning: 'The page asked, 0-based (0 is the first), as every normalised route pages. /getSearchByType and /searchByType, routes of the older services, keep their 1-based pages.',
    type: 'integer',
    upstream: 'the request',
  },
  size: {
    group: 'Paging',
    meaning: 'A file\'s size in bytes (play and download URLs). In /getRelationList: the page size asked (that route\'s parameter `size`).',
    type: 'integer',
    upstream: 'the song detail\'s `file.size_*`; the request',
    fixedBy: 'play URL `{ url, size, quality }`',
    keptBy: '/getRelationList, the Koa project fork\'s route (its parameter name)',
  },
  total: { group: 'Paging', meaning: 'How many items the whole list has (all pages), as upstream counts them.', type: 'integer', upstream: '`total` / `sum` / `totalNum` / `total_song_num`…' },

  // ---------------------------------------------------------------- songs
  album: {
    group: 'Songs',
    meaning: 'A song\'s album `{ id, mid, name, cover }` (song details); the lyric\'s `[al:]` tag.',
    type: 'object | string',
    upstream: 'the track\'s `album`; the LRC tag',
  },
  id: {
    group: 'Songs',
    meaning: 'The numeric id of what the object describes (a song, album, singer, chart, category, station, tag, group); text where upstream\'s id is text (a banner, a ticket show, the liked list).',
    type: 'integer | string',
    upstream: 'the item\'s `id`',
    fixedBy: 'chart `topList.id`; playlist category `id`',
  },
  interval: { group: 'Songs', meaning: 'A song\'s length, in seconds.', type: 'integer', upstream: 'the track\'s `interval`' },
  mediaMid: { group: 'Songs', meaning: 'The media MID a song\'s audio files are named by; \'\' when upstream has none.', type: 'string', upstream: 'the track\'s `file.media_mid`' },
  mid: {
    group: 'Songs',
    meaning: 'The MID of what the object describes (a song, album, singer; a suggested MV\'s vid). In a chart entry, the interface\'s second name of `song_mid`.',
    type: 'string',
    upstream: 'the item\'s `mid`',
    fixedBy: 'chart entries (`song_mid, mid`)',
  },
  name: { group: 'Songs', meaning: 'The name of what the object describes.', type: 'string', upstream: 'the item\'s `name` / `title`', fixedBy: 'chart `topList.name`; playlist category `name`' },
  publicTime: {
    group: 'Songs',
    meaning: 'A release date: `YYYY-MM-DD` where the gateway normalises it (new albums, album info), else as upstream writes it.',
    type: 'string',
    upstream: '`release_time` / `publishDate` / `time_public` / `pub_time`…',
    fixedBy: 'new album and album info `publicTime`',
  },
  singer: {
    group: 'Songs',
    meaning: 'A song\'s singers, their names joined with `/` (a playlist\'s rows, a singer\'s songs, song search hits, suggestions).',
    type: 'string',
    upstream: 'the track\'s `singer[].name`',
    fixedBy: 'playlist detail `songlist[].singer`',
    deprecatedFor: 'singers',
    staysWhere: 'it is a string of joined names; where it held the singer objects (song details, album songs, /getRecommend\'s new songs) it is the old name of `singers`',
  },
  singers: { group: 'Songs', meaning: 'The singers of a song, album or MV, each `{ id, mid, name }` (`id` where upstream gives one).', type: '{ id?, mid, name }[]', upstream: 'the item\'s `singer[]` / `singers[]`' },
  song_id: {
    group: 'Songs',
    meaning: 'A song\'s numeric id: in a chart entry equal to `songId`; in a /batchGetSongInfo element, the id as sent (text, \'\' when the entry gave none).',
    type: 'integer | string',
    upstream: 'the chart row\'s `songId`; the request',
    fixedBy: 'chart entries (`songId, song_id`); batchGetSongInfo entries `[song_mid, song_id]`',
    sameAs: 'songid',
  },
  song_mid: {
    group: 'Songs',
    meaning: 'A song\'s MID: in a chart entry, present when upstream gave one or `resolveMid` found it; in a /batchGetSongInfo element, the MID as sent.',
    type: 'string',
    upstream: 'the chart row\'s `mid` (or the song detail); the request',
    fixedBy: 'chart entries (`song_mid, mid`); batchGetSongInfo entries `[song_mid, song_id]`',
    sameAs: 'songmid',
  },
  songId: { group: 'Songs', meaning: 'A chart entry\'s song id (equal to `song_id`).', type: 'integer', upstream: 'the chart row\'s `songId`', fixedBy: 'chart entries (`songId, song_id`)', sameAs: 'songid' },
  songid: {
    group: 'Songs',
    meaning: 'A song\'s numeric id (what /getSongInfo takes as `songid`).',
    type: 'integer',
    upstream: 'the track\'s `id` / `songid`',
    fixedBy: 'the parameter `songid`',
  },
  songinfo: { group: 'Songs', meaning: 'Upstream\'s song-detail answer `{ code, data: { track_info, info, extras } }`, as received.', type: 'object', upstream: 'get_song_detail_yqq', fixedBy: '`songinfo.data.track_info.mid`' },
  songmid: {
    group: 'Songs',
    meaning: 'A song\'s MID (letters and digits): what every song route takes as `songmid`.',
    type: 'string',
    upstream: 'the track\'s `mid` / `songmid`',
    fixedBy: 'the parameter `songmid`',
  },
  songName: {
    group: 'Songs',
    meaning: 'A chart song\'s name (getRanks\' entries, getTopLists\' songs: a chart\'s songs carry the chart entry\'s names).',
    type: 'string',
    upstream: 'the chart row\'s `title` / `songname`',
    fixedBy: 'chart entries `songName`',
    sameAs: 'songname',
  },
  songname: { group: 'Songs', meaning: 'A song\'s name.', type: 'string', upstream: 'the track\'s `name` / `title` / `songname`', fixedBy: 'playlist detail `songlist[].songname`' },
  songs: { group: 'Songs', meaning: 'A list of songs (an album\'s, a singer\'s, a chart\'s first ones, recommendations, suggestions).', type: 'object[]', upstream: 'gateway' },
  title: {
    group: 'Songs',
    meaning: 'A display title: an MV\'s, a song\'s upstream title (with its version note), a banner\'s, the liked list\'s; the lyric\'s `[ti:]` tag.',
    type: 'string',
    upstream: 'the item\'s `title` / `name` / `mv_name`',
    deprecatedFor: 'name',
    staysWhere: 'it is a display title; where it held a chart\'s name (/getRecommend\'s charts) it is the old name of `name`',
  },
  timePublic: { group: 'Songs', meaning: 'A song\'s release date.', type: 'string', upstream: 'the track\'s `time_public`', deprecatedFor: 'publicTime' },

  // ---------------------------------------------------------------- play URLs and downloads
  available: { group: 'Play URLs and downloads', meaning: 'The `quality` names the song has a file in, e.g. `["128", "320", "flac"]`; [] when unknown.', type: 'string[]', upstream: 'the song detail\'s `file.size_*`' },
  filename: { group: 'Play URLs and downloads', meaning: 'Upstream\'s file name of the level served (what to save a download as).', type: 'string', upstream: 'built from the quality and the media MID' },
  quality: { group: 'Play URLs and downloads', meaning: 'The label of the level served, e.g. `320kbps`, `flac`.', type: 'string', upstream: 'gateway', fixedBy: 'play URL `{ url, size, quality }`' },
  trial: { group: 'Play URLs and downloads', meaning: 'Present (true) when the full file had no URL and the URL is the song\'s trial clip.', type: 'true', upstream: 'the song detail\'s `vs` trial file' },
  trialSeconds: { group: 'Play URLs and downloads', meaning: 'The trial clip\'s length in seconds (only with `trial`).', type: 'integer', upstream: 'the song detail\'s trial length' },
  url: { group: 'Play URLs and downloads', meaning: 'A stream or download URL with its key (valid about a day); \'\' for a song without one.', type: 'string', upstream: 'vkey `sip` + `purl`', fixedBy: 'play URL `{ url, size, quality }`' },

  // ---------------------------------------------------------------- lyrics
  artist: { group: 'Lyrics', meaning: 'The lyric\'s `[ar:]` tag.', type: 'string', upstream: 'the LRC tag' },
  by: { group: 'Lyrics', meaning: 'The lyric\'s `[by:]` tag.', type: 'string', upstream: 'the LRC tag' },
  duration: { group: 'Lyrics', meaning: 'How long: an MV, in seconds; a lyric line or word, in ms.', type: 'integer', upstream: 'the MV\'s `duration`; the QRC timing' },
  format: { group: 'Lyrics', meaning: 'The lyric format answered: `qrc`, `timeline`, or `lrc` (the fallback).', type: 'string', upstream: 'gateway' },
  lines: { group: 'Lyrics', meaning: 'A parsed lyric\'s timed lines, sorted by time.', type: 'object[]', upstream: 'parsed from the LRC / QRC text' },
  lyric: { group: 'Lyrics', meaning: 'A song\'s lyric: LRC text (or QRC lines), or the parsed lyric; in lyric search hits, the matching lyric text.', type: 'string | object', upstream: 'the lyric CGI / PlayLyricInfo, decoded', fixedBy: 'lyric `{ lyric, trans }`' },
  offset: { group: 'Lyrics', meaning: 'The lyric\'s `[offset:]` tag, in ms (0 when absent).', type: 'number', upstream: 'the LRC tag' },
  roma: { group: 'Lyrics', meaning: 'The romanisation (roma=1): QRC text, or a line\'s `{ text, words }`.', type: 'string | object', upstream: 'PlayLyricInfo `roma`, decrypted' },
  source: { group: 'Lyrics', meaning: 'Where a timeline comes from: `qrc` (word by word) or `lrc` (line-level fallback).', type: 'string', upstream: 'gateway' },
  start: { group: 'Lyrics', meaning: 'When a lyric line or word starts, in ms from the song\'s start.', type: 'integer', upstream: 'the QRC timing' },
  tags: { group: 'Lyrics', meaning: 'A lyric\'s tags `{ title, artist, album, offset, by }`; a playlist\'s tags `{ id, name }`; the MV filters `{ area, version }`.', type: 'object | object[]', upstream: 'the LRC tags; `dirinfo.tag`; GetAllocTag' },
  text: { group: 'Lyrics', meaning: 'The text of a lyric line or word.', type: 'string', upstream: 'parsed from the LRC / QRC text' },
  time: {
    group: 'Lyrics',
    meaning: 'When: a lyric line\'s start in ms; a comment\'s Unix time in seconds; a ticket show\'s date and time as upstream writes it.',
    type: 'integer | string',
    upstream: 'the LRC time tag; the comment\'s `time`; the show\'s `show_time`',
    fixedBy: 'comment `time` (Unix seconds)',
  },
  trans: { group: 'Lyrics', meaning: 'The translation: LRC text (\'\' when none), the parsed translation, or a timeline line\'s translated text.', type: 'string | object', upstream: 'the lyric\'s `trans`', fixedBy: 'lyric `{ lyric, trans }`' },
  txt: { group: 'Lyrics', meaning: 'A parsed lyric line\'s text (the Koa services\' name).', type: 'string', upstream: 'parsed from the LRC text', deprecatedFor: 'text' },
  words: { group: 'Lyrics', meaning: 'A line\'s word-by-word timing `{ start, duration, text }`.', type: 'object[]', upstream: 'the QRC text' },

  // ---------------------------------------------------------------- singers
  basic: { group: 'Singers', meaning: 'A singer description\'s basic items, in upstream order.', type: '{ key, value }[]', upstream: 'the description XML\'s `basic.item`' },
  birth: { group: 'Singers', meaning: 'The singer\'s 出生日期 item.', type: 'string', upstream: 'the description XML', fixedBy: 'singer description `{ desc, birth, birthPlace }`' },
  birthPlace: { group: 'Singers', meaning: 'The singer\'s 出生地 item.', type: 'string', upstream: 'the description XML', fixedBy: 'singer description `{ desc, birth, birthPlace }`' },
  desc: {
    group: 'Singers',
    meaning: 'A description text: of a playlist, singer, album, chart, or a relation entry.',
    type: 'string',
    upstream: '`desc` / `introduction` / `intro` / the description XML',
    fixedBy: 'playlist detail `desc`; singer description `desc`',
  },
  fanCount: { group: 'Singers', meaning: 'How many fans (followers) a singer has.', type: 'integer', upstream: 'fcg_order_singer_getnum.fcg `num`' },
  fanNum: {
    group: 'Singers',
    meaning: '/getRelationList: a relation entry\'s fan count.',
    type: 'integer',
    upstream: 'RelationList `FanNum`',
    keptBy: '/getRelationList, the Koa project fork\'s route, answered as it always was',
    sameAs: 'fanCount',
  },
  key: {
    group: 'Singers',
    meaning: 'A key: a singer description item\'s label; the keyword a search or suggestion asked; the /getRecommend part left empty.',
    type: 'string',
    upstream: 'the description XML; the request; gateway',
  },
  order: { group: 'Singers', meaning: 'The order a singer\'s MVs are listed in: `listen` or `time`.', type: 'string', upstream: 'the request' },
  other: { group: 'Singers', meaning: 'A singer description\'s other items, in upstream order.', type: '{ key, value }[]', upstream: 'the description XML\'s `other.item`' },
  singerId: { group: 'Singers', meaning: 'A singer\'s numeric id.', type: 'integer', upstream: '`singerID` / `singerid`' },
  singerMID: {
    group: 'Singers',
    meaning: 'A singer\'s MID (what the singer routes take as `singermid`).',
    type: 'string',
    upstream: '`singer_mid` / `singerMID` / `mid`',
    fixedBy: 'singer list item `singerMID`',
  },
  singerMid: { group: 'Singers', meaning: 'A singer\'s MID (search hits, followed singers).', type: 'string', upstream: '`singerMID` / `mid`', deprecatedFor: 'singerMID' },
  singermid: { group: 'Singers', meaning: 'The singer a follow wrote to.', type: 'string', upstream: 'the request', deprecatedFor: 'singerMID' },
  singerName: {
    group: 'Singers',
    meaning: 'A singer\'s name; of an album, MV or chart entry: its singers\' names joined with `/`.',
    type: 'string',
    upstream: '`singer_name` / `singerName` / the singers\' names',
    fixedBy: 'singer list item; new album; album info; chart entries',
  },
  singerPic: { group: 'Singers', meaning: 'A singer\'s picture URL.', type: 'string', upstream: '`singer_pic`, else the T001 picture of the MID', fixedBy: 'singer list item `singerPic`' },
  value: { group: 'Singers', meaning: 'A singer description item\'s value.', type: 'string', upstream: 'the description XML' },

  // ---------------------------------------------------------------- albums
  albumCount: { group: 'Albums', meaning: 'How many albums: a singer has (search hits), a user collected (the liked entry).', type: 'integer', upstream: '`albumNum` / `num1`' },
  albumId: { group: 'Albums', meaning: 'An album\'s numeric id.', type: 'integer', upstream: '`albumID` / `albumid` / `album.id`' },
  albumMid: { group: 'Albums', meaning: 'An album\'s MID (what /getAlbumInfo takes as `albummid`).', type: 'string', upstream: '`albumMid` / `album_mid` / `album.mid`' },
  albummid: { group: 'Albums', meaning: 'The album a collect wrote to.', type: 'string', upstream: 'the request', deprecatedFor: 'albumMid' },
  albumName: { group: 'Albums', meaning: 'An album\'s name.', type: 'string', upstream: '`albumName` / `album_name` / `album.name`', fixedBy: 'new album and album info `albumName`' },
  albums: { group: 'Albums', meaning: 'A list of albums.', type: 'object[]', upstream: 'gateway', fixedBy: 'getNewDisks `data.albums`' },
  company: { group: 'Albums', meaning: 'An album\'s record company.', type: 'string', upstream: 'AlbumInfoServer `company.name`' },
  cover: {
    group: 'Albums',
    meaning: 'A cover or picture URL (of an album, playlist, chart, MV, station, banner, ticket show).',
    type: 'string',
    upstream: '`picurl` / `imgurl` / `logo` / `pic` / `cover`…, else the T002 cover of the album MID',
  },
  imgurl: { group: 'Albums', meaning: 'A playlist\'s cover URL (playlist lists, playlist search hits).', type: 'string', upstream: '`imgurl`', deprecatedFor: 'cover' },
  logo: { group: 'Albums', meaning: 'A playlist detail\'s cover URL.', type: 'string', upstream: '`dirinfo.picurl` / `logo`', deprecatedFor: 'cover' },
  pic: { group: 'Albums', meaning: 'A singer\'s MV\'s picture URL.', type: 'string', upstream: '`picurl`', deprecatedFor: 'cover' },
  picurl: { group: 'Albums', meaning: 'A playlist\'s cover URL (user playlists, daily and related playlists).', type: 'string', upstream: '`picurl`', deprecatedFor: 'cover' },
  price: { group: 'Albums', meaning: 'A price: a digital album\'s (a number), a show\'s (as upstream writes it, maybe a range).', type: 'number | string', upstream: '`price` / `price_range`' },
  publishDate: {
    group: 'Albums',
    meaning: 'When an MV was published, in Unix seconds.',
    type: 'integer',
    upstream: 'the MV\'s `pubdate`',
    deprecatedFor: 'publicTime',
    staysWhere: 'it is an MV\'s Unix time (MV lists, a singer\'s MVs); where it held a date as text (a singer\'s albums, MV search hits) it is the old name of `publicTime`',
  },
  songCount: { group: 'Albums', meaning: 'How many songs: on an album, in a playlist, by a singer (search hits), in the liked list.', type: 'integer', upstream: '`song_count` / `songnum` / `totalNum` / `num0`' },
  totalNum: { group: 'Albums', meaning: 'How many songs a singer\'s album has.', type: 'integer', upstream: 'GetAlbumList `totalNum`', deprecatedFor: 'songCount' },

  // ---------------------------------------------------------------- playlists
  categories: { group: 'Playlists', meaning: 'The playlist categories.', type: '{ id, name, group }[]', upstream: 'fcg_get_diss_tag_conf.fcg', fixedBy: 'getSongListCategories `data.categories`' },
  categoryId: { group: 'Playlists', meaning: 'A playlist category\'s id (what /getSongLists takes).', type: 'integer', upstream: 'the request' },
  createTime: { group: 'Playlists', meaning: 'When a playlist was made, as upstream writes it.', type: 'string', upstream: '`createtime`' },
  creator: { group: 'Playlists', meaning: 'A playlist creator\'s nickname (\'\' when upstream gave none).', type: 'string', upstream: '`creator.name` / `creator.nick` / `nickname`', fixedBy: 'playlist list item `creator`' },
  dissid: {
    group: 'Playlists',
    meaning: 'A playlist\'s id, digits as a string (what /getSongListDetail takes as `disstid`).',
    type: 'string',
    upstream: '`dissid` / `tid` / `dirinfo.id` / `disstid`',
    fixedBy: 'user playlists `dissid`',
  },
  dissname: { group: 'Playlists', meaning: 'A playlist\'s name.', type: 'string', upstream: '`dissname` / `title`', fixedBy: 'playlist list item and detail `dissname`' },
  disstid: { group: 'Playlists', meaning: 'A playlist\'s id (playlist details, failed batch elements).', type: 'string', upstream: '`dirinfo.id` / `disstid`', deprecatedFor: 'dissid' },
  group: { group: 'Playlists', meaning: 'The group a playlist category is listed under (热门, 语种, …).', type: 'string', upstream: '`categoryGroupName`' },
  introduction: { group: 'Playlists', meaning: 'A listed playlist\'s description.', type: 'string', upstream: '`introduction`', deprecatedFor: 'desc' },
  listen_num: {
    group: 'Playlists',
    meaning: 'How many times a playlist, chart or station was listened to.',
    type: 'integer',
    upstream: '`listennum` / `listenNum` / `play_cnt` / `listenCount`',
    fixedBy: 'playlist list item `listen_num`',
  },
  listenCount: { group: 'Playlists', meaning: 'A chart\'s listen count (/getTopLists).', type: 'integer', upstream: '`listenCount`', deprecatedFor: 'listen_num' },
  listenNum: { group: 'Playlists', meaning: 'A chart\'s, station\'s or recommended playlist\'s listen count.', type: 'integer', upstream: '`listenNum` / `play_cnt`', deprecatedFor: 'listen_num' },
  playlist: { group: 'Playlists', meaning: 'One playlist: the daily playlist\'s card, the playlist a write touched.', type: 'object', upstream: 'gateway' },
  playlists: { group: 'Playlists', meaning: 'A list of playlists.', type: 'object[]', upstream: 'gateway', fixedBy: 'getSongLists `data.playlists`; user playlists `data.playlists`' },
  songlist: { group: 'Playlists', meaning: 'A playlist\'s songs (this page of them).', type: 'object[]', upstream: '`songlist`', fixedBy: 'playlist detail `songlist`' },
  sortId: { group: 'Playlists', meaning: 'The order a category\'s playlists are listed in (5 recommended, 2 newest, 3 hottest, 4 rating, 1 default).', type: 'integer', upstream: 'the request' },

  // ---------------------------------------------------------------- charts
  charts: { group: 'Charts', meaning: 'A list of charts.', type: 'object[]', upstream: 'Toplist GetAll `group[].toplist`' },
  groups: { group: 'Charts', meaning: 'Groups of charts, or of radio stations.', type: 'object[]', upstream: 'GetAll `group`; the radio list\'s groups' },
  intro: { group: 'Charts', meaning: 'A chart\'s description.', type: 'string', upstream: '`intro`', deprecatedFor: 'desc' },
  period: { group: 'Charts', meaning: 'The chart period upstream served, e.g. 2026-11-21 or 2026_47.', type: 'string', upstream: '`period`', fixedBy: 'chart `topList.period`' },
  rank: { group: 'Charts', meaning: 'A song\'s position in the chart, from 1.', type: 'integer', upstream: '`rank`', fixedBy: 'chart entries `rank`' },
  songInfoList: { group: 'Charts', meaning: 'A chart page\'s entries.', type: 'object[]', upstream: 'GetDetail `data.song`', fixedBy: 'chart `songInfoList`' },
  topId: { group: 'Charts', meaning: 'A recommended chart\'s id.', type: 'integer', upstream: '`topId`', deprecatedFor: 'id' },
  topList: { group: 'Charts', meaning: 'The chart a page is of `{ id, name, period }`.', type: 'object', upstream: 'GetDetail `data`', fixedBy: 'chart `topList`' },
  topLists: { group: 'Charts', meaning: 'Every chart with its first songs (/getTopLists).', type: 'object[]', upstream: 'fcg_myqq_toplist.fcg `topList`' },
  type: { group: 'Charts', meaning: 'A kind: the search type answered; upstream\'s chart type; the /getPersonalRecommend type; the relation list asked.', type: 'string | integer', upstream: 'the request; `type`' },
  updateTime: { group: 'Charts', meaning: 'When a chart was last updated, as upstream writes it.', type: 'string', upstream: '`updateTime`' },

  // ---------------------------------------------------------------- MVs
  area: { group: 'MVs', meaning: 'An area: the MV filters\' area ids, the area an MV tag or new-album list is of; the upstream area a canary check covers.', type: 'integer | string | object[]', upstream: 'the request; GetAllocTag `area`' },
  f10: { group: 'MVs', meaning: 'An MV\'s URLs of clarity f10.', type: 'string[]', upstream: 'GetMvUrls mp4 / hls URLs', fixedBy: 'MV play `playLists` groups' },
  f20: { group: 'MVs', meaning: 'An MV\'s URLs of clarity f20.', type: 'string[]', upstream: 'GetMvUrls mp4 / hls URLs', fixedBy: 'MV play `playLists` groups' },
  f30: { group: 'MVs', meaning: 'An MV\'s URLs of clarity f30.', type: 'string[]', upstream: 'GetMvUrls mp4 / hls URLs', fixedBy: 'MV play `playLists` groups' },
  f40: { group: 'MVs', meaning: 'An MV\'s URLs of clarity f40.', type: 'string[]', upstream: 'GetMvUrls mp4 / hls URLs', fixedBy: 'MV play `playLists` groups' },
  info: { group: 'MVs', meaning: 'An MV\'s info `{ title, cover, duration, singers }`; a health probe\'s checks that are up.', type: 'object', upstream: 'get_video_info_batch; Terminus' },
  mvCount: { group: 'MVs', meaning: 'How many MVs a singer has (search hits).', type: 'integer', upstream: '`mvNum`' },
  mvId: { group: 'MVs', meaning: 'An MV\'s numeric id.', type: 'integer', upstream: '`mvid` / `mv_id`' },
  mvid: { group: 'MVs', meaning: 'An MV\'s numeric id (MV lists, a singer\'s MVs).', type: 'integer', upstream: '`mvid`', deprecatedFor: 'mvId' },
  mvName: { group: 'MVs', meaning: 'An MV search hit\'s title.', type: 'string', upstream: '`mv_name`', deprecatedFor: 'title' },
  mvs: { group: 'MVs', meaning: 'A list of MVs.', type: 'object[]', upstream: 'gateway' },
  playCount: { group: 'MVs', meaning: 'How many times an MV was played.', type: 'integer', upstream: '`playcnt` / `play_count`' },
  playLists: { group: 'MVs', meaning: 'An MV\'s play URLs grouped by clarity `{ f10, f20, f30, f40 }`.', type: 'object', upstream: 'GetMvUrls', fixedBy: 'MV play result `playLists`' },
  tag: { group: 'MVs', meaning: 'The MV tag asked (`japan` answers as `janpan`).', type: 'string', upstream: 'the request' },
  version: { group: 'MVs', meaning: 'The MV filters\' version ids.', type: '{ id, name }[]', upstream: 'GetAllocTag `version`' },
  vid: { group: 'MVs', meaning: 'An MV\'s vid (what /getMvPlay takes).', type: 'string', upstream: '`vid` / `v_id`' },

  // ---------------------------------------------------------------- comments
  avatar: { group: 'Comments', meaning: 'A commenter\'s avatar URL.', type: 'string', upstream: '`avatarurl` / `Avatar`', deprecatedFor: 'avatarUrl' },
  comment: { group: 'Comments', meaning: 'A page of comments `{ list, total, nextCursor, hasMore }`.', type: 'object', upstream: 'CommentRead / the comment CGI', fixedBy: 'comments `data.comment`' },
  commentId: { group: 'Comments', meaning: 'A comment\'s own id.', type: 'string', upstream: '`commentid` / `CmId`' },
  commentid: { group: 'Comments', meaning: 'A comment\'s own id.', type: 'string', upstream: '`commentid` / `CmId`', deprecatedFor: 'commentId' },
  content: { group: 'Comments', meaning: 'A comment\'s own text.', type: 'string', upstream: '`rootcommentcontent` / the reply\'s `middlecommentcontent` / `Content`', fixedBy: 'comment list `content`' },
  list: { group: 'Comments', meaning: 'The items of a page (comments, MVs, search hits, relation entries, play URLs).', type: 'object[]', upstream: 'gateway', fixedBy: 'comment `list`' },
  praisenum: { group: 'Comments', meaning: 'A comment\'s likes.', type: 'integer', upstream: '`praisenum` / `PraiseNum`', fixedBy: 'comment list `praisenum`' },
  rootcommentid: { group: 'Comments', meaning: 'The id of the thread a comment opens (the CGI\'s paging cursor).', type: 'string', upstream: '`rootcommentid` / `CmId`', fixedBy: 'comment list `rootcommentid`' },

  // ---------------------------------------------------------------- search
  albumNum: { group: 'Search', meaning: 'A singer hit\'s album count.', type: 'integer', upstream: '`albumNum`', deprecatedFor: 'albumCount' },
  hotkeys: { group: 'Search', meaning: 'The hot search keywords (one word, as the route /getHotkey spells it).', type: '{ keyword, score }[]', upstream: 'GetHotkeyForQQMusicMobile / gethotkey.fcg' },
  keyword: { group: 'Search', meaning: 'A hot keyword, trimmed.', type: 'string', upstream: '`query` / `k`' },
  mvNum: { group: 'Search', meaning: 'A singer hit\'s MV count.', type: 'integer', upstream: '`mvNum`', deprecatedFor: 'mvCount' },
  score: { group: 'Search', meaning: 'A hot keyword\'s score.', type: 'integer', upstream: '`score` / `n`' },
  songNum: { group: 'Search', meaning: 'A singer hit\'s song count.', type: 'integer', upstream: '`songNum`', deprecatedFor: 'songCount' },
  specialKey: { group: 'Search', meaning: 'The highlighted keyword; \'\' when none.', type: 'string', upstream: 'gethotkey.fcg `special_key`' },
  specialUrl: { group: 'Search', meaning: 'Where the highlighted keyword leads; \'\' when none.', type: 'string', upstream: 'gethotkey.fcg `special_url`' },
  t: {
    group: 'Search',
    meaning: '/getSearchByType: the upstream search type code asked (that route\'s parameter `t`).',
    type: 'integer',
    upstream: 'the request',
    keptBy: '/getSearchByType, the Koa project fork\'s route (its parameter name)',
  },

  // ---------------------------------------------------------------- discover and recommendations
  city: { group: 'Discover and recommendations', meaning: 'A ticket show\'s city.', type: 'string', upstream: '`city_name`' },
  errors: { group: 'Discover and recommendations', meaning: 'One entry per /getRecommend part whose upstream key failed (that part is then empty).', type: '{ key, module, code }[]', upstream: 'gateway' },
  focus: { group: 'Discover and recommendations', meaning: 'The home page banners.', type: 'object[]', upstream: 'GetFocus `content`' },
  imageUrl: { group: 'Discover and recommendations', meaning: 'The picture URL /getImageUrl builds (never fetched).', type: 'string', upstream: 'gateway (the image CDN\'s pattern)' },
  jumpUrl: { group: 'Discover and recommendations', meaning: 'Where a banner leads.', type: 'string', upstream: '`jump_info.url`' },
  module: { group: 'Discover and recommendations', meaning: 'The upstream `module.method` that failed.', type: 'string', upstream: 'gateway' },
  newAlbums: { group: 'Discover and recommendations', meaning: 'The home page\'s new albums.', type: 'object[]', upstream: 'get_new_album_info' },
  newSongs: { group: 'Discover and recommendations', meaning: 'The home page\'s new songs.', type: 'object[]', upstream: 'get_new_song_info' },
  radioGroups: { group: 'Discover and recommendations', meaning: 'The radio station groups (/getPersonalRecommend type 2).', type: 'object[]', upstream: 'GetRadiolist' },
  radios: { group: 'Discover and recommendations', meaning: 'A group\'s radio stations.', type: 'object[]', upstream: 'GetRadiolist `list` / `radioList`' },
  shows: { group: 'Discover and recommendations', meaning: 'Ticket shows.', type: 'object[]', upstream: 'GetTicketIndexPage' },
  tracks: { group: 'Discover and recommendations', meaning: 'A station\'s next tracks.', type: 'object[]', upstream: 'the station\'s `tracks`' },
  types: { group: 'Discover and recommendations', meaning: 'Ticket show types.', type: '{ id, name }[]', upstream: 'GetShowTypeList' },

  // ---------------------------------------------------------------- users and accounts
  avatarUrl: {
    group: 'Users and accounts',
    meaning: 'An avatar URL (a user\'s, a commenter\'s, a relation entry\'s).',
    type: 'string',
    upstream: '`headpic` / `avatarurl` / `AvatarUrl`, or built from the uin or key',
    fixedBy: 'avatar `{ avatarUrl, message }`',
  },
  createdPlaylistCount: { group: 'Users and accounts', meaning: 'How many playlists the user created.', type: 'integer', upstream: '`mydiss.num`' },
  encryptUin: { group: 'Users and accounts', meaning: 'An account\'s encrypted id, which some upstream calls take instead of the number.', type: 'string', upstream: '`encrypt_uin`' },
  encUin: {
    group: 'Users and accounts',
    meaning: '/getRelationList: a user entry\'s encrypted id (\'\' for a singer).',
    type: 'string',
    upstream: 'RelationList `EncUin`',
    keptBy: '/getRelationList, the Koa project fork\'s route, answered as it always was',
    sameAs: 'encryptUin',
  },
  isFollow: { group: 'Users and accounts', meaning: 'Whether the logged-in account follows this one.', type: 'boolean', upstream: 'RelationList `IsFollow`' },
  liked: { group: 'Users and accounts', meaning: 'The liked-songs entry `{ id, title, songCount, albumCount, playlistCount }` (null without one); a song\'s liked state now; a state per MID asked.', type: 'object | boolean | null', upstream: 'the homepage\'s `mymusic`; the write; IsSongFanByMid' },
  nick: { group: 'Users and accounts', meaning: 'A user\'s nickname (a commenter\'s, a profile\'s, a followed user\'s).', type: 'string', upstream: '`nick` / `Nick`', fixedBy: 'comment list `nick`' },
  nickname: { group: 'Users and accounts', meaning: 'A user\'s nickname (profiles, followed users and fans).', type: 'string', upstream: '`nick`', deprecatedFor: 'nick' },
  playlistCount: { group: 'Users and accounts', meaning: 'The liked entry\'s playlist count.', type: 'integer', upstream: '`num2`' },
  uin: {
    group: 'Users and accounts',
    meaning: 'An account number: the one asked, the login\'s (a session\'s), or a stored login\'s masked (`12******90`, null when none is known).',
    type: 'string | null',
    upstream: 'the request; the `uin` cookie',
    fixedBy: 'login session `uin`',
  },
  users: { group: 'Users and accounts', meaning: 'A list of users (followed users, fans).', type: '{ nick, avatarUrl, encryptUin }[]', upstream: 'friend_follow_or_listen_list.fcg' },

  // ---------------------------------------------------------------- library writes
  collected: { group: 'Library writes', meaning: 'A collect state now; or one per id asked.', type: 'boolean | object', upstream: 'the write; `m_fan`' },
  deleted: { group: 'Library writes', meaning: 'The playlist is gone.', type: 'boolean', upstream: 'DelPlaylist' },
  dirId: { group: 'Library writes', meaning: 'An owned playlist\'s number inside the account.', type: 'integer', upstream: 'the homepage\'s `mydiss.list[].dirid` / AddPlaylist `dirId`' },
  dirid: { group: 'Library writes', meaning: 'An owned playlist\'s number inside the account.', type: 'integer', upstream: '`dirid`', deprecatedFor: 'dirId' },
  followed: { group: 'Library writes', meaning: 'A follow state now.', type: 'boolean', upstream: 'the write' },
  results: { group: 'Library writes', meaning: 'One outcome per distinct MID of a playlist write.', type: 'object[]', upstream: 'gateway' },

  // ---------------------------------------------------------------- login
  cookie: { group: 'Login', meaning: 'Every cookie of a login, `name=value; …`.', type: 'string', upstream: 'the login\'s Set-Cookie headers', fixedBy: 'login session' },
  cookieList: { group: 'Login', meaning: 'The same cookies, one `name=value` per element.', type: 'string[]', upstream: 'the login\'s Set-Cookie headers', fixedBy: 'login session' },
  cookieObject: { group: 'Login', meaning: 'The same cookies by name.', type: 'Record<string, string>', upstream: 'the login\'s Set-Cookie headers', fixedBy: 'login session' },
  expiresIn: { group: 'Login', meaning: 'Seconds during which the gateway takes the SMS code just sent (PHONE_CODE_TTL_S).', type: 'integer', upstream: 'gateway' },
  errcode: { group: 'Login', meaning: 'WeChat\'s poll state: 408 waiting, 404 scanned, 403 cancelled, 402 expired, 405 confirmed.', type: 'integer', upstream: 'WeChat `wx_errcode`', fixedBy: 'Alt login poll `errcode`' },
  img: { group: 'Login', meaning: 'The QR code as a data URL.', type: 'string', upstream: 'ptlogin / WeChat QR image' },
  isOk: { group: 'Login', meaning: 'Whether the login is confirmed.', type: 'boolean', upstream: 'gateway', fixedBy: 'login checks `isOk`' },
  loginToken: { group: 'Login', meaning: 'For this caller alone: send it with each check.', type: 'string', upstream: 'gateway' },
  loginUin: { group: 'Login', meaning: 'The account of a login (the `uin` cookie: `o0…` for QQ, the musicid for WeChat).', type: 'string', upstream: 'the `uin` cookie', fixedBy: 'login session `loginUin`' },
  persistPending: { group: 'Login', meaning: 'Redis could not take the login yet; it is written once Redis answers.', type: 'true', upstream: 'gateway' },
  persisted: { group: 'Login', meaning: 'With LOGIN_PERSIST_COOKIE: whether the store holds the login now.', type: 'boolean', upstream: 'gateway' },
  ptqrtoken: { group: 'Login', meaning: 'hash33(qrsig), digits: send it with the Main check.', type: 'string', upstream: 'gateway', fixedBy: 'Main QR `ptqrtoken`' },
  qrsig: { group: 'Login', meaning: 'The Main QR code\'s signature: send it to /checkMainLoginQr.', type: 'string', upstream: 'ptlogin `qrsig` cookie', fixedBy: 'Main QR `qrsig`' },
  refresh: { group: 'Login', meaning: 'The QR code is dead (expired, refused, cancelled): ask a new one.', type: 'boolean', upstream: 'gateway' },
  refused: { group: 'Login', meaning: 'The user cancelled on the phone (403).', type: 'true', upstream: 'WeChat `wx_errcode` 403' },
  resendIn: { group: 'Login', meaning: 'Seconds before another SMS code may be sent to the same number (PHONE_CODE_INTERVAL_S).', type: 'integer', upstream: 'gateway' },
  scanned: { group: 'Login', meaning: 'The QR code was scanned, not yet confirmed (404).', type: 'true', upstream: 'WeChat `wx_errcode` 404' },
  securityUrl: { group: 'Login', meaning: 'In an error: the page where the user solves the captcha or verifies the account upstream asked for.', type: 'string', upstream: 'the login answer\'s `securityURL`' },
  sent: { group: 'Login', meaning: 'The SMS code was sent.', type: 'true', upstream: 'SendPhoneAuthCode code 0' },
  session: {
    group: 'Login',
    meaning: 'A confirmed login `{ loginUin, uin, cookie, cookieList, cookieObject }`; in /health/upstream, the anonymous device session.',
    type: 'object',
    upstream: 'the login\'s cookies; GetSession',
    fixedBy: 'login check `session`',
  },
  timeout: { group: 'Login', meaning: 'The gateway\'s poll bound passed before WeChat answered: the last state again.', type: 'true', upstream: 'gateway' },
  uuid: { group: 'Login', meaning: 'The Alt QR code\'s id: send it to /checkAltLoginQr.', type: 'string', upstream: 'WeChat `uuid`', fixedBy: 'Alt QR `uuid`' },

  // ---------------------------------------------------------------- operations
  areas: { group: 'Operations', meaning: 'Every upstream area the canary checks, in order.', type: 'object[]', upstream: 'gateway' },
  at: { group: 'Operations', meaning: `When it happened (${ISO}).`, type: 'string', upstream: 'gateway' },
  call: { group: 'Operations', meaning: 'The client method a canary check calls.', type: 'string', upstream: 'gateway' },
  checkedAt: { group: 'Operations', meaning: `The last check (${ISO}); null until checked.`, type: 'string | null', upstream: 'gateway' },
  config: { group: 'Operations', meaning: 'The readiness probe\'s configuration check.', type: 'object', upstream: 'gateway' },
  detail: { group: 'Operations', meaning: 'What to look at: a field path, a business code, a failure or the fallback call; null when ok.', type: 'string | null', upstream: 'gateway' },
  details: { group: 'Operations', meaning: 'Every health check with what it reports.', type: 'object', upstream: 'Terminus' },
  deviceCreatedAt: { group: 'Operations', meaning: `When the device profile was made (${ISO}); null before the first Android-comm call.`, type: 'string | null', upstream: 'gateway' },
  expected: { group: 'Operations', meaning: 'The type the gateway reads a field as.', type: 'string', upstream: 'gateway' },
  expired: { group: 'Operations', meaning: 'Whether the stored login key has expired (null when unknown).', type: 'boolean | null', upstream: 'the credential' },
  expiresAt: { group: 'Operations', meaning: `When the stored login key expires (${ISO}); null when unknown.`, type: 'string | null', upstream: 'the credential' },
  fallback: { group: 'Operations', meaning: 'Whether Android-comm calls carry a fallback QIMEI or session.', type: 'boolean', upstream: 'gateway' },
  got: { group: 'Operations', meaning: 'What a changed field held (`undefined` when missing).', type: 'string', upstream: 'gateway' },
  hasMusicKey: { group: 'Operations', meaning: 'Whether a stored cookie carries a login key (qqmusic_key or qm_keyst).', type: 'boolean', upstream: 'gateway' },
  identity: { group: 'Operations', meaning: 'The client identity the Android comm carries (never its values).', type: 'object', upstream: 'gateway' },
  intervalSeconds: { group: 'Operations', meaning: 'CANARY_INTERVAL_S: how often each area is checked; 0 = off.', type: 'integer', upstream: 'configuration' },
  lastRefresh: { group: 'Operations', meaning: 'The last credential refresh `{ at, outcome, ok, code?, message }` (null before one).', type: 'object | null', upstream: 'gateway' },
  liveProblem: { group: 'Operations', meaning: 'The latest problem seen in a sampled live answer of an area (null when none).', type: 'object | null', upstream: 'gateway' },
  loginType: { group: 'Operations', meaning: 'The stored login\'s kind: `qq`, `wechat`, `unknown`; null without one.', type: 'string | null', upstream: 'the credential' },
  mode: { group: 'Operations', meaning: 'Without REDIS_URL: `not configured (in-memory)`.', type: 'string', upstream: 'configuration' },
  names: { group: 'Operations', meaning: 'A stored cookie\'s names, sorted (never a value).', type: 'string[]', upstream: 'the cookie' },
  needsLogin: { group: 'Operations', meaning: 'No login stored, or the last refresh failed for good: scan a QR code.', type: 'boolean', upstream: 'gateway' },
  nextRefreshNotBefore: { group: 'Operations', meaning: `When a failed refresh will be tried again, at the earliest (${ISO}).`, type: 'string', upstream: 'gateway' },
  notRefreshableReason: { group: 'Operations', meaning: 'Why a stored login cannot be refreshed.', type: 'string', upstream: 'gateway' },
  obtainedAt: { group: 'Operations', meaning: `When an identity part was issued (${ISO}); null when never.`, type: 'string | null', upstream: 'gateway' },
  outcome: { group: 'Operations', meaning: 'How the last refresh ended: `ok`, `auth_expired`, `restricted`, `too_frequent`, `bad_params`, `error`.', type: 'string', upstream: 'the refresh\'s upstream code' },
  path: { group: 'Operations', meaning: 'A field\'s path in an upstream answer, e.g. `detail.data.song[0].title`.', type: 'string', upstream: 'gateway' },
  present: { group: 'Operations', meaning: 'Whether a login is stored.', type: 'boolean', upstream: 'gateway' },
  problem: { group: 'Operations', meaning: 'The failure behind an identity fallback; null otherwise.', type: 'string | null', upstream: 'gateway' },
  process: { group: 'Operations', meaning: 'The liveness probe\'s process check.', type: 'object', upstream: 'gateway' },
  qimei: { group: 'Operations', meaning: 'The QIMEI part of the client identity.', type: 'object', upstream: 'gateway' },
  redis: { group: 'Operations', meaning: 'The readiness probe\'s Redis check.', type: 'object', upstream: 'gateway' },
  refreshable: { group: 'Operations', meaning: 'Whether the stored login can be refreshed.', type: 'boolean', upstream: 'the credential' },
  refreshMarginSeconds: { group: 'Operations', meaning: 'CREDENTIAL_REFRESH_MARGIN_S: how long before expiry a refresh starts.', type: 'integer', upstream: 'configuration' },
  secondsToExpiry: { group: 'Operations', meaning: 'Seconds until the stored login key expires (null when unknown).', type: 'integer | null', upstream: 'the credential' },
  set: { group: 'Operations', meaning: 'Whether a cookie is stored.', type: 'boolean', upstream: 'gateway' },
  since: { group: 'Operations', meaning: `When an area entered its state (${ISO}); null until checked.`, type: 'string | null', upstream: 'gateway' },
  state: { group: 'Operations', meaning: 'A state: a login poll\'s, a canary area\'s, an identity part\'s.', type: 'string', upstream: 'gateway' },
  store: { group: 'Operations', meaning: 'Where something is kept: the stored login (`file`, `redis`), the device identity (`memory`, `file`, `redis`).', type: 'string', upstream: 'configuration' },
  unsaved: { group: 'Operations', meaning: 'Only when true: this instance uses a login Redis has not taken yet.', type: 'true', upstream: 'gateway' },
  upstream: { group: 'Operations', meaning: 'The main upstream origin configured.', type: 'string', upstream: 'configuration' },
  uptimeSeconds: { group: 'Operations', meaning: 'Seconds since the process started.', type: 'integer', upstream: 'gateway' },
};
