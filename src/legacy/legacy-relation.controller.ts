import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope } from '../common/api-docs';
import { ApiAccountRoute } from '../user/api-account-route';
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
  @ApiAccountRoute()
  getRelationList(@Query() query: GetRelationListQuery) {
    return this.relations.getRelationList(query);
  }
}
