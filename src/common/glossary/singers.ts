import type { GroupEntries } from './entry';

/** The glossary's "Singers" names (src/common/glossary.ts merges the groups). */
export const SINGERS: GroupEntries<'Singers'> = {
  basic: { group: 'Singers', meaning: 'A singer description\'s basic items, in upstream order.', type: '{ key, value }[]', upstream: 'the description XML\'s `basic.item`' },
  birth: { group: 'Singers', meaning: 'The singer\'s 出生日期 item.', type: 'string', upstream: 'the description XML', fixedBy: 'singer description `{ desc, birth, birthPlace }`' },
  birthPlace: { group: 'Singers', meaning: 'The singer\'s 出生地 item.', type: 'string', upstream: 'the description XML', fixedBy: 'singer description `{ desc, birth, birthPlace }`' },
  desc: {
    group: 'Singers',
    meaning: 'A description text: of a playlist, singer, album, chart, or a relation entry.',
    type: 'string',
    upstream: '`desc` / `introduction` / `intro` / the description XML',
    fixedBy: 'playlist detail `desc`; singer description `desc`',
  },
  fanCount: { group: 'Singers', meaning: 'How many fans (followers) a singer has.', type: 'integer', upstream: 'fcg_order_singer_getnum.fcg `num`' },
  fanNum: {
    group: 'Singers',
    meaning: '/getRelationList: a relation entry\'s fan count.',
    type: 'integer',
    upstream: 'RelationList `FanNum`',
    keptBy: '/getRelationList, the Koa project fork\'s route, answered as it always was',
    sameAs: 'fanCount',
  },
  key: {
    group: 'Singers',
    meaning: 'A key: a singer description item\'s label; the keyword a search or suggestion asked; the /getRecommend part left empty.',
    type: 'string',
    upstream: 'the description XML; the request; gateway',
  },
  order: { group: 'Singers', meaning: 'The order a singer\'s MVs are listed in: `listen` or `time`.', type: 'string', upstream: 'the request' },
  other: { group: 'Singers', meaning: 'A singer description\'s other items, in upstream order.', type: '{ key, value }[]', upstream: 'the description XML\'s `other.item`' },
  singerId: { group: 'Singers', meaning: 'A singer\'s numeric id.', type: 'integer', upstream: '`singerID` / `singerid`' },
  singerMID: {
    group: 'Singers',
    meaning: 'A singer\'s MID (what the singer routes take as `singermid`).',
    type: 'string',
    upstream: '`singer_mid` / `singerMID` / `mid`',
    fixedBy: 'singer list item `singerMID`',
  },
  singerMid: { group: 'Singers', meaning: 'A singer\'s MID (search hits, followed singers).', type: 'string', upstream: '`singerMID` / `mid`', deprecatedFor: 'singerMID' },
  singermid: { group: 'Singers', meaning: 'The singer a follow wrote to.', type: 'string', upstream: 'the request', deprecatedFor: 'singerMID' },
  singerName: {
    group: 'Singers',
    meaning: 'A singer\'s name; of an album, MV or chart entry: its singers\' names joined with `/`.',
    type: 'string',
    upstream: '`singer_name` / `singerName` / the singers\' names',
    fixedBy: 'singer list item; new album; album info; chart entries',
  },
  singerPic: { group: 'Singers', meaning: 'A singer\'s picture URL.', type: 'string', upstream: '`singer_pic`, else the T001 picture of the MID', fixedBy: 'singer list item `singerPic`' },
  value: { group: 'Singers', meaning: 'A singer description item\'s value.', type: 'string', upstream: 'the description XML' },
};
