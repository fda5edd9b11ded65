import { CacheTTL } from '@nestjs/cache-manager';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope } from '../common/api-docs';
import { withOldNames } from '../common/answer-schema';
import { ApiAccountRoute, HOMEPAGE_404 } from './api-account-route';
import { UserPagedQuery, UserUinQuery } from './dto/user-extra.dto';
import {
  CollectedAlbumsPage,
  CollectedPlaylistsPage,
  FOLLOWED_SINGER_RENAMES,
  FollowedSingersPage,
  LikedSongsPage,
  SocialUsersPage,
  USER_PLAYLIST_RENAMES,
  USER_RENAMES,
  UserDetail,
  UserLikedSongs,
} from './user.answers';
import { UserExtraService } from './user-extra.service';
import { canonicalUin, USER_READ_TTL } from './user.mapper';
import { CacheInvalidatedBy } from '../common/cache-invalidated-by';

const NEEDS_LOGIN =
  'Needs a login cookie, as /user/getUserPlaylists: the `cookie` query parameter, `X-Custom-Cookie` or `Cookie` (in that order), else the server\'s cookie file; ' +
  'without any the upstream is not called (401 LOGIN_REQUIRED).';
const LEGACY_RAW = 'Legacy shape: `{ response: <upstream answer> }`, as sansenjian/qq-music-api answers it.';
const LIST_404 = { status: 404, description: 'Upstream answered another non-zero code (no such user, or the list is private; body has `upstreamCode`).', errorCodes: ['USER_NOT_FOUND'] };
const PLAYLIST_EXAMPLE = withOldNames({ dissid: '7024415872', dissname: '夏日歌单', cover: 'https://qpic.y.qq.com/music_cover/abc/300', songCount: 42 }, USER_PLAYLIST_RENAMES);

/**
 * The read-only user routes newer sansenjian/qq-music-api versions added (docs/legacy.md "What each endpoint returns in
 * the legacy shape").
 */
@ApiTags('user')
@Controller('user')
export class UserExtraController {
  constructor(private readonly extra: UserExtraService) {}

  @Get('getUserDetail')
  @CacheTTL(USER_READ_TTL)
  @CacheInvalidatedBy('uin', canonicalUin, 'account-uin')
  @ApiOperation({
    summary: 'A user\'s profile: nickname, avatar, counts (needs a login cookie)',
    description: `Upstream: the homepage CGI of /user/getUserPlaylists. ${NEEDS_LOGIN} \`liked\` is the user's liked-songs entry (null when the homepage shows none). ${LEGACY_RAW}`,
  })
  @ApiEnvelope('The profile.', withOldNames({
    uin: '10001',
    nick: 'Alice',
    avatarUrl: 'https://thirdqq.qlogo.cn/g?b=sdk&k=abc&s=140',
    encryptUin: 'owSfoKEq10001oz',
    createdPlaylistCount: 35,
    liked: { id: '201', title: '我喜欢', songCount: 12, albumCount: 0, playlistCount: 35 },
  }, USER_RENAMES), UserDetail)
  @ApiAccountRoute(HOMEPAGE_404)
  getUserDetail(@Query() query: UserUinQuery) {
    return this.extra.getUserDetail(query);
  }

  @Get('getUserLikedSongs')
  @CacheTTL(USER_READ_TTL)
  @CacheInvalidatedBy('uin', canonicalUin, 'account-uin')
  @ApiOperation({
    summary: 'The user\'s liked-songs list: its id and counts (needs a login cookie)',
    description:
      `Upstream: the homepage CGI of /user/getUserPlaylists; the \`mymusic\` entry whose title contains 喜欢 (or of type 1). Its songs are not listed here: page them with /user/getLikedSongs. ${NEEDS_LOGIN} ` +
      '`liked` is null (total 0) when there is no such entry. `offset` / `limit`, which the older services took and did not use, are ignored. Legacy shape: `{ response: { code: 0, data: { songs: [<entry>], total, hasMore: false, info: { title, songCount, albumCount, playlistCount, id } } } }`, as sansenjian/qq-music-api answers it.',
  })
  @ApiEnvelope('The liked list.', { liked: { id: '201', title: '我喜欢', songCount: 12, albumCount: 0, playlistCount: 35 }, total: 12 }, UserLikedSongs)
  @ApiAccountRoute(HOMEPAGE_404)
  getUserLikedSongs(@Query() query: UserUinQuery) {
    return this.extra.getUserLikedSongs(query);
  }

  @Get('getLikedSongs')
  @CacheTTL(USER_READ_TTL)
  @CacheInvalidatedBy('uin', canonicalUin, 'account-uin')
  @ApiOperation({
    summary: 'The songs a user liked (我喜欢), a page at a time (needs a login cookie)',
    description:
      `Upstream: the homepage CGI of /user/getUserPlaylists (for the account's encrypt_uin), then musicu \`music.srfDissInfo.DissInfo\` / \`CgiGetDiss\` on dirid 201. ${NEEDS_LOGIN} ` +
      'Each song is a /getSongListDetail song row. A like or unlike through the gateway (/user/setSongLike, /setFav, /user/setSongFavorite) drops the cached pages of that account. ' +
      'Both response shapes answer the normalised page (the upstream answer names the account).',
  })
  @ApiEnvelope('A page of liked songs.', {
    songs: [{ songname: '晴天', singer: '周杰伦', songmid: '0039MnYb0qxYhV', songid: 97773, albumName: '叶惠美', albumMid: '000MkMni19ClKG', interval: 269 }],
    total: 12,
  }, LikedSongsPage)
  @ApiAccountRoute(HOMEPAGE_404)
  getLikedSongs(@Query() query: UserPagedQuery) {
    return this.extra.getLikedSongs(query);
  }

  @Get('getUserCollectedSongLists')
  @CacheTTL(USER_READ_TTL)
  @CacheInvalidatedBy('uin', canonicalUin, 'account-uin')
  @ApiOperation({
    summary: 'Playlists a user collected (needs a login cookie)',
    description: `Upstream CGI \`fcg_get_profile_order_asset.fcg\` (reqtype 3), paged upstream. ${NEEDS_LOGIN} ${LEGACY_RAW}`,
  })
  @ApiEnvelope('A page of collected playlists.', { playlists: [PLAYLIST_EXAMPLE], total: 3 }, CollectedPlaylistsPage)
  @ApiAccountRoute(LIST_404)
  getUserCollectedSongLists(@Query() query: UserPagedQuery) {
    return this.extra.getUserCollected('playlists', query);
  }

  @Get('getUserCollectedAlbums')
  @CacheTTL(USER_READ_TTL)
  @CacheInvalidatedBy('uin', canonicalUin, 'account-uin')
  @ApiOperation({
    summary: 'Albums a user collected (needs a login cookie)',
    description: `Upstream CGI \`fcg_get_profile_order_asset.fcg\` (reqtype 2), paged upstream. ${NEEDS_LOGIN} ${LEGACY_RAW}`,
  })
  @ApiEnvelope('A page of collected albums.', { albums: [{ albumMid: '003c616O2Zlswm', albumName: '新的心跳', albumId: 8220, singerName: 'G.E.M. 邓紫棋' }], total: 2 }, CollectedAlbumsPage)
  @ApiAccountRoute(LIST_404)
  getUserCollectedAlbums(@Query() query: UserPagedQuery) {
    return this.extra.getUserCollected('albums', query);
  }

  @Get('getUserFollowSingers')
  @CacheTTL(USER_READ_TTL)
  @CacheInvalidatedBy('uin', canonicalUin, 'account-uin')
  @ApiOperation({
    summary: 'Singers a user follows (needs a login cookie)',
    description: `Upstream CGI \`fcg_order_singer_getlist.fcg\`, paged upstream. ${NEEDS_LOGIN} ${LEGACY_RAW}`,
  })
  @ApiEnvelope('A page of followed singers.', { singers: [withOldNames({ singerMID: '0025NhlN2yWrP4', name: '周杰伦', singerId: 4558 }, FOLLOWED_SINGER_RENAMES)], total: 2 }, FollowedSingersPage)
  @ApiAccountRoute(LIST_404)
  getUserFollowSingers(@Query() query: UserPagedQuery) {
    return this.extra.getUserFollowSingers(query);
  }

  @Get('getUserFollowUsers')
  @CacheTTL(USER_READ_TTL)
  @CacheInvalidatedBy('uin', canonicalUin, 'account-uin')
  @ApiOperation({
    summary: 'Users a user follows (needs a login cookie)',
    description: `Upstream CGI \`friend_follow_or_listen_list.fcg\`, paged upstream. ${NEEDS_LOGIN} ${LEGACY_RAW}`,
  })
  @ApiEnvelope('A page of followed users.', { users: [withOldNames({ nick: 'Bob', avatarUrl: 'https://thirdqq.qlogo.cn/g?b=sdk&k=def&s=140', encryptUin: 'owSfoKEq10002oz' }, USER_RENAMES)], total: 1 }, SocialUsersPage)
  @ApiAccountRoute(LIST_404)
  getUserFollowUsers(@Query() query: UserPagedQuery) {
    return this.extra.getUserFollowList(query, false);
  }

  @Get('getUserFans')
  @CacheTTL(USER_READ_TTL)
  @CacheInvalidatedBy('uin', canonicalUin, 'account-uin')
  @ApiOperation({
    summary: 'Users who follow a user (needs a login cookie)',
    description: `Upstream CGI \`friend_follow_or_listen_list.fcg\` with \`is_listen=1\`, paged upstream. ${NEEDS_LOGIN} ${LEGACY_RAW}`,
  })
  @ApiEnvelope('A page of fans.', { users: [withOldNames({ nick: 'Carol', avatarUrl: 'https://thirdqq.qlogo.cn/g?b=sdk&k=ghi&s=140', encryptUin: 'owSfoKEq10003oz' }, USER_RENAMES)], total: 1 }, SocialUsersPage)
  @ApiAccountRoute(LIST_404)
  getUserFans(@Query() query: UserPagedQuery) {
    return this.extra.getUserFollowList(query, true);
  }
}
