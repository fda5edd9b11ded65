import type { GroupEntries } from './entry';

/** The glossary's "Albums" names (src/common/glossary.ts merges the groups). */
export const ALBUMS: GroupEntries<'Albums'> = {
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
};
