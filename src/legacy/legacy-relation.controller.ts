import { Controller, Get, Query } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses } from '../common/api-docs';
import { GetRelationListQuery } from './legacy-relation.dto';
import { LegacyRelationService } from './legacy-relation.service';
import { RelationListPage } from './legacy.answers';

/** The relation lists route of the Koa project's fork (Yuuz12/qq-music-api, 2026-08). Never cached: a personal read. */
@ApiTags('legacy')
@Controller()
export class LegacyRelationController {
  constructor(private readonly relations: LegacyRelationService) {}

  @Get('getRelationList')
  @ApiOperation({
    summary: 'An account\'s followed singers, followed users or fans (the Koa project fork\'s route)',
    description:
      'The route of Yuuz12/qq-music-api with its parameter names. Upstream `music.concern.RelationList` / `GetFollowSingerList`, `GetFollowUserList` or ' +
      '`GetFansList` with `{ From, Size, HostUin }`; `hostUin` empty = the account of the login cookie. Needs a login cookie (the caller\'s, else the server\'s). ' +
      '`list` items: `{ mid (singers), encUin (users), name, desc, avatarUrl, fanNum, isFollow }`; `total` only when upstream sends one. ' +
      'Legacy shape: `{ response: { code, req_0 } }`, the musicu key\'s answer as the fork answers it. /user/getUserFollowSingers, /user/getUserFollowUsers and /user/getUserFans are the older CGI forms of the same lists.',
  })
  @ApiEnvelope('A page of the list.', {
    type: 'follow_singer',
    from: 0,
    size: 30,
    hasMore: false,
    list: [{ mid: '0025NhlN2yWrP4', encUin: '', name: '周杰伦', desc: '', avatarUrl: 'https://y.gtimg.cn/music/photo_new/T001R300x300M0000025NhlN2yWrP4.jpg', fanNum: 1000, isFollow: true }],
  }, RelationListPage)
  @ApiHeader({ name: 'X-Custom-Cookie', required: false, description: 'The caller\'s QQ Music login cookie; a `cookie` query parameter wins over it, it wins over `Cookie`.' })
  @ApiErrorResponses(
    400,
    { status: 401, description: 'No cookie at all (upstream not called).', errorCodes: ['LOGIN_REQUIRED'] },
    { status: 401, description: 'Upstream code 1000, 104400 or 104401: log in again or refresh the cookie (body has `upstreamCode`).', errorCodes: ['LOGIN_EXPIRED'] },
    403,
    500,
    502,
    503,
    504,
  )
  getRelationList(@Query() query: GetRelationListQuery) {
    return this.relations.getRelationList(query);
  }
}
