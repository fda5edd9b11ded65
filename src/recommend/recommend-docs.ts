import { type ErrorSpec } from '../common/api-docs';
import { withOldNames } from '../common/answer-schema';
import { MV_ITEM_RENAMES } from '../mv/mv.answers';
import { DAILY_PLAYLIST_RENAMES, RELATED_PLAYLIST_RENAMES } from './recommend.answers';

/** The OpenAPI texts and examples the recommendation routes share (normalised and legacy). */

export const NEEDS_LOGIN =
  'Needs a login cookie: per request the `cookie` query parameter, the `X-Custom-Cookie` header or the `Cookie` header (in that order), else the server\'s stored login; ' +
  'without any the upstream is not called (401 LOGIN_REQUIRED). The answer is that account\'s own.';
export const DAILY_404: ErrorSpec = { status: 404, description: 'Neither the home feed nor the web page shows this account a daily playlist.', errorCodes: ['DAILY_SONGS_NOT_FOUND'] };
export const SONG_404: ErrorSpec = { status: 404, description: 'Unknown song (the song detail resolving the MID has no such song).', errorCodes: ['SONG_NOT_FOUND'] };

export const SONG_EXAMPLE = { songname: '晴天', singer: '周杰伦', songmid: '0039MnYb0qxYhV', songid: 97773, albumName: '叶惠美', albumMid: '000MkMni19ClKG', interval: 269 };
export const DAILY_EXAMPLE = {
  playlist: withOldNames({ dissid: '7100000012', dissname: '每日30首', cover: 'https://qpic.y.qq.com/music_cover/abc/300' }, DAILY_PLAYLIST_RENAMES),
  songs: [SONG_EXAMPLE],
  total: 30,
};
export const MV_EXAMPLE = withOldNames(
  {
    vid: 'l0031ejo935', mvId: 1539259, title: '我们很好', cover: 'http://y.gtimg.cn/music/photo_new/T015R640x360M102003HXxyx4X7tU3.jpg',
    listen_num: 2352806, interval: 291, publishDate: 1560355200, singers: [{ mid: '001BLpXF2DyJe2', name: '林俊杰' }],
  },
  MV_ITEM_RENAMES,
);
export const RELATED_PLAYLIST_EXAMPLE = withOldNames(
  { dissid: '7100000010', dissname: 'Playlist 10000000-10', cover: 'http://p.qpic.cn/music_cover/abc/600?n=1', creator: 'Creator 0', songCount: 12, listen_num: 1000 },
  RELATED_PLAYLIST_RENAMES,
);
