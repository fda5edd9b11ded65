import type { GroupEntries } from './entry';

/** The glossary's "MVs" names (src/common/glossary.ts merges the groups). */
export const MVS: GroupEntries<'MVs'> = {
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
  playCount: { group: 'MVs', meaning: 'How many times an MV was played.', type: 'integer', upstream: '`playcnt` / `play_count`', deprecatedFor: 'listen_num' },
  playLists: { group: 'MVs', meaning: 'An MV\'s play URLs grouped by clarity `{ f10, f20, f30, f40 }`.', type: 'object', upstream: 'GetMvUrls', fixedBy: 'MV play result `playLists`' },
  tag: { group: 'MVs', meaning: 'The MV tag asked (`japan` answers as `janpan`).', type: 'string', upstream: 'the request' },
  version: { group: 'MVs', meaning: 'The MV filters\' version ids.', type: '{ id, name }[]', upstream: 'GetAllocTag `version`' },
  vid: { group: 'MVs', meaning: 'An MV\'s vid (what /getMvPlay takes).', type: 'string', upstream: '`vid` / `v_id`' },
};
