import type { GroupEntries } from './entry';

/** The glossary's "Search" names (src/common/glossary.ts merges the groups). */
export const SEARCH: GroupEntries<'Search'> = {
  albumNum: { group: 'Search', meaning: 'A singer hit\'s album count.', type: 'integer', upstream: '`albumNum`', deprecatedFor: 'albumCount' },
  hotkeys: { group: 'Search', meaning: 'The hot search keywords (one word, as the route /getHotkey spells it).', type: '{ keyword, score }[]', upstream: 'GetHotkeyForQQMusicMobile / gethotkey.fcg' },
  keyword: { group: 'Search', meaning: 'A hot keyword, trimmed.', type: 'string', upstream: '`query` / `k`' },
  mvNum: { group: 'Search', meaning: 'A singer hit\'s MV count.', type: 'integer', upstream: '`mvNum`', deprecatedFor: 'mvCount' },
  score: { group: 'Search', meaning: 'A hot keyword\'s score.', type: 'integer', upstream: '`score` / `n`' },
  songNum: { group: 'Search', meaning: 'A singer hit\'s song count.', type: 'integer', upstream: '`songNum`', deprecatedFor: 'songCount' },
  specialKey: { group: 'Search', meaning: 'The highlighted keyword; \'\' when none.', type: 'string', upstream: 'gethotkey.fcg `special_key`' },
  specialUrl: { group: 'Search', meaning: 'Where the highlighted keyword leads; \'\' when none.', type: 'string', upstream: 'gethotkey.fcg `special_url`' },
  t: {
    group: 'Search',
    meaning: '/getSearchByType: the upstream search type code asked (that route\'s parameter `t`).',
    type: 'integer',
    upstream: 'the request',
    keptBy: '/getSearchByType, the Koa project fork\'s route (its parameter name)',
  },
};
