import type { GroupEntries } from './entry';

/** The glossary's "Playlists" names (src/common/glossary.ts merges the groups). */
export const PLAYLISTS: GroupEntries<'Playlists'> = {
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
    meaning: 'How many times a playlist, chart or station was listened to, or an MV played.',
    type: 'integer',
    upstream: '`listennum` / `listenNum` / `play_cnt` / `listenCount`; an MV\'s `playcnt` / `play_count`',
    fixedBy: 'playlist list item `listen_num`',
  },
  listenCount: { group: 'Playlists', meaning: 'A chart\'s listen count (/getTopLists).', type: 'integer', upstream: '`listenCount`', deprecatedFor: 'listen_num' },
  listenNum: { group: 'Playlists', meaning: 'A chart\'s, station\'s or recommended playlist\'s listen count.', type: 'integer', upstream: '`listenNum` / `play_cnt`', deprecatedFor: 'listen_num' },
  playlist: { group: 'Playlists', meaning: 'One playlist: the daily playlist\'s card, the playlist a write touched.', type: 'object', upstream: 'gateway' },
  playlists: { group: 'Playlists', meaning: 'A list of playlists.', type: 'object[]', upstream: 'gateway', fixedBy: 'getSongLists `data.playlists`; user playlists `data.playlists`' },
  songlist: { group: 'Playlists', meaning: 'A playlist\'s songs (this page of them).', type: 'object[]', upstream: '`songlist`', fixedBy: 'playlist detail `songlist`' },
  sortId: { group: 'Playlists', meaning: 'The order a category\'s playlists are listed in (5 recommended, 2 newest, 3 hottest, 4 rating, 1 default).', type: 'integer', upstream: 'the request' },
};
