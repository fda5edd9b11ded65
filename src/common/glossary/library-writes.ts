import type { GroupEntries } from './entry';

/** The glossary's "Library writes" names (src/common/glossary.ts merges the groups). */
export const LIBRARY_WRITES: GroupEntries<'Library writes'> = {
  collected: { group: 'Library writes', meaning: 'A collect state now; or one per id asked.', type: 'boolean | object', upstream: 'the write; `m_fan`' },
  deleted: { group: 'Library writes', meaning: 'The playlist is gone.', type: 'boolean', upstream: 'DelPlaylist' },
  dirId: { group: 'Library writes', meaning: 'An owned playlist\'s number inside the account.', type: 'integer', upstream: 'the homepage\'s `mydiss.list[].dirid` / AddPlaylist `dirId`' },
  dirid: { group: 'Library writes', meaning: 'An owned playlist\'s number inside the account.', type: 'integer', upstream: '`dirid`', deprecatedFor: 'dirId' },
  followed: { group: 'Library writes', meaning: 'A follow state now.', type: 'boolean', upstream: 'the write' },
  results: { group: 'Library writes', meaning: 'One outcome per distinct MID of a playlist write.', type: 'object[]', upstream: 'gateway' },
};
