import type { GroupEntries } from './entry';

/** The glossary's "Discover and recommendations" names (src/common/glossary.ts merges the groups). */
export const DISCOVER_AND_RECOMMENDATIONS: GroupEntries<'Discover and recommendations'> = {
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
};
