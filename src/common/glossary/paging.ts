import type { GroupEntries } from './entry';

/** The glossary's "Paging" names (src/common/glossary.ts merges the groups). */
export const PAGING: GroupEntries<'Paging'> = {
  from: {
    group: 'Paging',
    meaning: '/getRelationList: the index of the first entry, as asked (that route\'s parameter `from`).',
    type: 'integer',
    upstream: 'the request',
    keptBy: '/getRelationList, the Koa project fork\'s route (its parameter name)',
  },
  hasMore: { group: 'Paging', meaning: 'Whether upstream has another page or batch.', type: 'boolean', upstream: '`HasMore` / `hasmore` / `has_more`' },
  lastMvid: {
    group: 'Paging',
    meaning: 'The last MV\'s numeric id: send it back as the `lastMvid` parameter for the next batch (named as that parameter); 0 for an empty batch.',
    type: 'integer',
    upstream: 'the last item\'s `mvid`',
  },
  limit: { group: 'Paging', meaning: 'Items per page, as asked.', type: 'integer', upstream: 'the request' },
  nextCursor: {
    group: 'Paging',
    meaning: 'What to send as `rootcommentid` (with `pagenum + 1`) for the next comment page; \'\' when there is none.',
    type: 'string',
    upstream: 'the last comment\'s `SeqNo` (CommentRead) or `rootcommentid` (CGI)',
  },
  page: {
    group: 'Paging',
    meaning: 'The page asked, 0-based (0 is the first), as every normalised route pages. /getSearchByType and /searchByType, routes of the older services, keep their 1-based pages.',
    type: 'integer',
    upstream: 'the request',
  },
  size: {
    group: 'Paging',
    meaning: 'A file\'s size in bytes (play and download URLs). In /getRelationList: the page size asked (that route\'s parameter `size`).',
    type: 'integer',
    upstream: 'the song detail\'s `file.size_*`; the request',
    fixedBy: 'play URL `{ url, size, quality }`',
    keptBy: '/getRelationList, the Koa project fork\'s route (its parameter name)',
  },
  total: { group: 'Paging', meaning: 'How many items the whole list has (all pages), as upstream counts them.', type: 'integer', upstream: '`total` / `sum` / `totalNum` / `total_song_num`…' },
};
