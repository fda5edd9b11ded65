import { Arr, Enum, Int, Obj, Optional, type Static, Str, WithOldNames } from '../common/answer-schema';
import { MV_AREA_TAGS, MV_AREAS } from './dto/mv.dto';

/** What the MV routes answer (decision 021: each schema is also the type its mapper returns): /getMv, /getMvByTag, /getMvPlay. */

export const MvSinger = Obj({ mid: Str(), name: Str() });
export type MvSinger = Static<typeof MvSinger>;

/** The old names of an MV item's renamed fields (src/common/glossary.ts). */
export const MV_ITEM_RENAMES = { mvid: 'mvId', playCount: 'listen_num', duration: 'interval' } as const;

export const MvListItem = Obj(
  WithOldNames(
    {
      vid: Str({ description: 'MV vid (what /getMvPlay takes).' }),
      mvId: Int({ description: 'Numeric MV id.' }),
      title: Str(),
      cover: Str({ description: 'Cover image URL.' }),
      listen_num: Int({ description: 'How many times it was played.' }),
      interval: Int({ description: 'Its length, in seconds.' }),
      publishDate: Int({ description: 'Unix seconds (upstream `pubdate`).' }),
      singers: Arr(MvSinger),
    },
    MV_ITEM_RENAMES,
  ),
);
export type MvListItem = Static<typeof MvListItem>;

export const MvTag = Obj({ id: Int(), name: Str() });
export type MvTag = Static<typeof MvTag>;

export const MvTags = Obj({
  area: Arr(MvTag, { description: 'Area ids /getMv takes as `area_id`.' }),
  version: Arr(MvTag, { description: 'Version ids /getMv takes as `version_id`.' }),
});
export type MvTags = Static<typeof MvTags>;

const MvPageFields = {
  list: Arr(MvListItem),
  total: Int({ description: 'MVs upstream has for the filter (the page\'s length when upstream sends no total).' }),
};

export const MvPage = Obj(MvPageFields);
export type MvPage = Static<typeof MvPage>;

export const MvListAnswer = Obj({ ...MvPageFields, tags: Optional(MvTags) });
export type MvListAnswer = Static<typeof MvListAnswer>;

export const MvByTagAnswer = Obj({
  tag: Enum(MV_AREA_TAGS, { description: 'The tag asked (`japan` answers as `janpan`).' }),
  area: Enum(MV_AREAS, { description: 'The MV-list area the tag maps to.' }),
  ...MvPageFields,
});
export type MvByTagAnswer = Static<typeof MvByTagAnswer>;

const PlayGroup = (clarity: string) => Arr(Str(), { description: `URLs of clarity ${clarity} (possibly none).` });

/** The four clarity groups of an MV (spec: "groups usually named f10, f20, f30, f40"), always all present. */
export const PlayLists = Obj({ f10: PlayGroup('f10'), f20: PlayGroup('f20'), f30: PlayGroup('f30'), f40: PlayGroup('f40') });
export type PlayLists = Static<typeof PlayLists>;

/** The old names of an MV info's renamed fields (src/common/glossary.ts). */
export const MV_INFO_RENAMES = { duration: 'interval' } as const;

export const MvInfo = Obj(
  WithOldNames(
    {
      title: Str({ description: '\'\' when the info call failed.' }),
      cover: Str(),
      interval: Int({ description: 'Its length, in seconds.' }),
      singers: Arr(MvSinger),
    },
    MV_INFO_RENAMES,
  ),
);
export type MvInfo = Static<typeof MvInfo>;

export const MvPlayAnswer = Obj({ vid: Str(), playLists: PlayLists, info: MvInfo });
export type MvPlayAnswer = Static<typeof MvPlayAnswer>;
