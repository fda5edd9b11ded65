import { Injectable } from '@nestjs/common';
import { envelope, type Envelope, Shaped } from '../common/shaped';
import type { RelationListPage } from './legacy.answers';
import { RelationClient } from '../upstream/clients/relation.client';
import { businessError } from '../upstream/upstream.errors';
import { requireLoginCookie, throwIfLoginCode } from '../user/user-login';
import { GetRelationListQuery } from './legacy-relation.dto';
import { mapRelationList } from './legacy-relation.mapper';

/** An account's followed singers / followed users / fans through musicu (docs/upstream/user.md "Relation lists"). */
@Injectable()
export class LegacyRelationService {
  constructor(private readonly relations: RelationClient) {}

  async getRelationList(q: GetRelationListQuery): Promise<Shaped<Envelope<RelationListPage>>> {
    const cookie = requireLoginCookie(this.relations.effectiveCookie());
    const { raw, code, data } = await this.relations.relationList(q);
    throwIfLoginCode(code, cookie);
    if (code !== 0) throw businessError(code, 'music.concern.RelationList');
    return envelope({ type: q.type, from: q.from, size: q.size, ...mapRelationList(data ?? undefined) }, raw);
  }
}
