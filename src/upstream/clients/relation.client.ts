import { Injectable } from '@nestjs/common';
import { UpstreamClient } from './upstream-client';

/** Which relation list: the singers or users an account follows, or its fans. */
export type RelationListType = 'follow_singer' | 'follow_user' | 'fans';

/** `music.concern.RelationList` method per list (docs/upstream/user.md "Relation lists"). */
const RELATION_METHODS: Record<RelationListType, string> = {
  follow_singer: 'GetFollowSingerList',
  follow_user: 'GetFollowUserList',
  fans: 'GetFansList',
};

export interface RelationPageRequest {
  type: RelationListType;
  /** 0-based offset. */
  from: number;
  size: number;
  /** The account's encrypted uin; '' = the account of the cookie sent. */
  hostUin: string;
}

/** An account's relation lists through musicu (docs/upstream/user.md "Relation lists"). */
@Injectable()
export class RelationClient extends UpstreamClient {
  /**
   * One page, with the key's code as upstream answered it (1000 = no login, which the route reads). The musicu key is
   * `req_0`, as the Koa project's fork names it, so its legacy answer keeps the key.
   */
  async relationList({ type, from, size, hostUin }: RelationPageRequest): Promise<{ raw: Record<string, any>; code: number; data: Record<string, any> | null }> {
    const res = await this.musicuPartial({
      req_0: { module: 'music.concern.RelationList', method: RELATION_METHODS[type], param: { From: from, Size: size, HostUin: hostUin } },
    });
    const result = res.results.req_0;
    return { raw: res.raw, code: result.code, data: result.data };
  }
}
