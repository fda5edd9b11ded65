import { num, records, str } from '../common/catalogue';
import type { RelationEntry, RelationListPage } from './legacy.answers';

type Raw = Record<string, any>;

/**
 * `music.concern.RelationList` answer data `{ List[{ MID | EncUin, Name, Desc, AvatarUrl, FanNum, IsFollow }], HasMore,
 * Total? }` → entries (docs/upstream/user.md "Relation lists"). `List` is capitalised; `Total` is absent in some answers.
 */
export function mapRelationList(data: Raw | undefined): Pick<RelationListPage, 'list' | 'hasMore' | 'total'> {
  const list = records(data?.List ?? data?.list).map((e): RelationEntry => ({
    mid: str(e.MID ?? e.Mid ?? e.mid),
    encUin: str(e.EncUin ?? e.encUin),
    name: str(e.Name ?? e.name),
    desc: str(e.Desc ?? e.desc),
    avatarUrl: str(e.AvatarUrl ?? e.avatarUrl),
    fanNum: Math.trunc(num(e.FanNum ?? e.fanNum)),
    isFollow: Boolean(e.IsFollow ?? e.isFollow),
  }));
  const total = data?.Total ?? data?.total;
  return { list, hasMore: Boolean(data?.HasMore ?? data?.hasMore), ...(total !== undefined ? { total: Math.trunc(num(total)) } : {}) };
}
