import { CacheTTL } from '@nestjs/cache-manager';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, ApiPlainOk } from '../common/api-docs';
import { ApiAccountRoute, HOMEPAGE_404 } from './api-account-route';
import { GetUserAvatarQuery } from './dto/get-user-avatar.dto';
import { GetUserPlaylistsQuery } from './dto/get-user-playlists.dto';
import { withOldNames } from '../common/answer-schema';
import { USER_PLAYLIST_RENAMES, UserAvatarAnswer, UserPlaylistsPage } from './user.answers';
import { UserService } from './user.service';
import { canonicalUin, USER_READ_TTL } from './user.mapper';
import { CacheInvalidatedBy } from '../common/cache-invalidated-by';

@ApiTags('user')
@Controller('user')
export class UserController {
  constructor(private readonly user: UserService) {}

  @Get('getUserPlaylists')
  @CacheTTL(USER_READ_TTL)
  @CacheInvalidatedBy('uin', canonicalUin, 'account-uin')
  @ApiOperation({
    summary: 'Playlists created by a user (needs a login cookie)',
    description:
      'Needs a login cookie: per request the `cookie` query parameter, the `X-Custom-Cookie` header or the `Cookie` header (in that order), else the server\'s cookie file; ' +
      'without any the upstream is not called (401 LOGIN_REQUIRED; 400 naming uin when uin was not sent either). ' +
      'Paged locally with offset/limit (upstream has no paging).',
  })
  @ApiEnvelope('A page of the user\'s playlists.', {
    playlists: [withOldNames({ dissid: '7024415872', dissname: '我喜欢', cover: 'https://qpic.y.qq.com/music_cover/abc/300', songCount: 120 }, USER_PLAYLIST_RENAMES)],
    total: 12,
  }, UserPlaylistsPage)
  @ApiAccountRoute(HOMEPAGE_404)
  getUserPlaylists(@Query() query: GetUserPlaylistsQuery) {
    return this.user.getUserPlaylists(query);
  }

  @Get('getUserAvatar')
  @ApiOperation({
    summary: 'Avatar URL of a user',
    description: 'Built locally (no upstream call, no login). One of k / uin is required; k wins. The size is snapped to 40, 100, 140 or 640; `message` says so.',
  })
  @ApiPlainOk('Not the envelope: `{ response: { code: 0, data: { avatarUrl, message } } }`.', {
    response: { code: 0, data: { avatarUrl: 'https://q.qlogo.cn/headimg_dl?dst_uin=123456&spec=640', message: 'avatar URL built' } },
  }, UserAvatarAnswer)
  @ApiErrorResponses({ status: 400, description: 'Neither k nor uin (`k or uin is required`), or a malformed k, uin or size (an empty `size=`, 0 or a negative size included).', errorCodes: ['BAD_REQUEST'] })
  getUserAvatar(@Query() query: GetUserAvatarQuery) {
    return this.user.getUserAvatar(query);
  }
}
