import { ChoiceParam, IntParam, LimitParam, TextParam, ToTrimmed } from '../common/validation';
import type { RelationListType } from '../upstream/clients/relation.client';

export const RELATION_TYPES: readonly RelationListType[] = ['follow_singer', 'follow_user', 'fans'];

/** `GET /getRelationList`: the names and defaults of the Koa project's fork (Yuuz12/qq-music-api). */
export class GetRelationListQuery {
  @ChoiceParam(RELATION_TYPES, { description: 'Which list: followed singers, followed users, or fans.', example: 'follow_singer' })
  type: RelationListType = 'fans';

  @IntParam({ min: 0, max: 10000, description: '0-based offset.', example: 0 })
  from: number = 0;

  @LimitParam({ max: 100, description: 'Items per page.', example: 30 })
  size: number = 30;

  @TextParam({
    read: ToTrimmed(),
    string: true,
    maxLength: 64,
    match: { pattern: /^[0-9A-Za-z_*-]*$/, message: 'hostUin must be an encrypted uin (letters, digits, _ - *)' },
    description: 'The account\'s encrypted uin (`encrypt_uin`); empty or absent = the account of the login cookie.',
    example: 'owSfoKEq10001oz',
    messages: { string: 'hostUin must be text' },
  })
  hostUin: string = '';
}
