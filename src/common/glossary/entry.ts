/** The shape of a glossary entry and the groups the entries fall in (src/common/glossary.ts merges the groups). */

export const GLOSSARY_GROUPS = [
  'Envelope and errors',
  'Paging',
  'Songs',
  'Play URLs and downloads',
  'Lyrics',
  'Singers',
  'Albums',
  'Playlists',
  'Charts',
  'MVs',
  'Comments',
  'Search',
  'Discover and recommendations',
  'Users and accounts',
  'Library writes',
  'Login',
  'Operations',
] as const;
export type GlossaryGroup = (typeof GLOSSARY_GROUPS)[number];

export interface GlossaryEntry {
  group: GlossaryGroup;
  /** What the field holds (several uses of one general name are listed here). */
  meaning: string;
  /** Its JSON type, as docs/endpoints.md writes answer types. */
  type: string;
  /** Where its value comes from upstream (`gateway`: computed by the gateway, no upstream field). */
  upstream: string;
  /** Where the interface the gateway implements fixes this name: kept exactly as it writes it there. */
  fixedBy?: string;
  /**
   * Where a compatibility route (one only the older services had) keeps its own word, as the compatibility suite
   * (test/legacy) pins its answer.
   */
  keptBy?: string;
  /** The concept's one name, when this one is a second name kept where `fixedBy` or `keptBy` says. */
  sameAs?: string;
  /** An old name: renamed to this field, answered beside it until OLD_NAMES_REMOVED_IN (src/common/answer-schema.ts). */
  deprecatedFor?: string;
  /** With `deprecatedFor`: where the name also stays, not deprecated, with the meaning above. */
  staysWhere?: string;
}

/** One group's entries: each file under src/common/glossary declares the names of its group only. */
export type GroupEntries<G extends GlossaryGroup> = Record<string, GlossaryEntry & { group: G }>;
