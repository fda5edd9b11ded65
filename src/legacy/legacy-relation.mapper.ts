import { num, records, str } from '../common/catalogue';

type Raw = Record<string, any>;

/** One entry of a relation list: a singer (mid) or a user (encUin), as `music.concern.RelationList` names them. */
export interface RelationEntry {
  mid: string;
  encUin: string;
  name: string;
  desc: string;
  avatarUrl: string;
  fanNum: number;
  isFollow: boolean;
}

/**
 * `music.concern.RelationList` answer data `{ List[{ MID | EncUin, Name, Desc, AvatarUrl, FanNum, IsFollow }], HasMore,
 * Total? }` → entries (docs/upstream/user.md "Relation lists"). `List` is capitalised; `Total` is absent in some answers.
 */
export function mapRelationList(data: Raw | undefined): { list: RelationEntry[]; hasMore: boolean; total?: number } {
  const list = records(data?.List ?? data?.list).map((e) => ({
    mid: str(e.MID ?? e.Mid ?? e.mid),
    encUin: str(e.EncUin ?? e.encUin),
    name: str(e.Name ?? e.name),
    desc: str(e.Desc ?? e.desc),
    avatarUrl: str(e.AvatarUrl ?? e.avatarUrl),
    fanNum: num(e.FanNum ?? e.fanNum),
    isFollow: Boolean(e.IsFollow ?? e.isFollow),
  }));
  const total = data?.Total ?? data?.total;
  return { list, hasMore: Boolean(data?.HasMore ?? data?.hasMore), ...(total !== undefined ? { total: num(total) } : {}) };
}
