/** Pure readings of the collect / follow answers (docs/upstream/library.md); unit-tested in test/unit/. */

type Raw = Record<string, any>;

/** Why a fav write's data says it was not applied: its `result`, its `reason` (may be ''). */
export interface FavWriteFailure {
  result: number;
  reason: string;
}

/**
 * docs/upstream/library.md "Collect / uncollect a playlist" / "an album": applied when `data.result` is 0 (absent
 * counts as 0) and the id is not in the failed list (`failedKey`, e.g. v_failedPlaylistId). Ids compare as strings.
 */
export function favWriteFailure(data: Raw | null | undefined, failedKey: string, id: string | number): FavWriteFailure | undefined {
  const result = Number(data?.result ?? 0);
  const failed: unknown[] = Array.isArray(data?.[failedKey]) ? data[failedKey] : [];
  const listed = failed.some((f) => String(f) === String(id));
  if (result === 0 && !listed) return undefined;
  const reason = typeof data?.reason === 'string' ? data.reason : typeof data?.msg === 'string' ? data.msg : '';
  return { result: Number.isFinite(result) ? result : -1, reason };
}

/** Whether a fav write's data carries its verdict (a numeric `result`); an answer without one says nothing either way. */
export function hasWriteResult(data: Raw | null | undefined): boolean {
  return typeof data?.result === 'number';
}

/** `m_fan` (`{ <id>: 1 | 0 }`) as one boolean per id asked, in the order asked; an id upstream left out is false. */
export function collectedStates(ids: readonly string[], fans: Raw | null | undefined): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const id of ids) out[id] = Number(fans?.[id] ?? 0) === 1;
  return out;
}

/** The creator's `encrypt_uin` of a homepage answer's data, or '' when it has none. */
export function encryptUinOf(homepageData: Raw | null | undefined): string {
  const euin = homepageData?.creator?.encrypt_uin;
  return typeof euin === 'string' ? euin : '';
}

/** `a,b,a` → `['a', 'b']`: ids asked once each, in the order first asked. */
export function distinctIds(list: string): string[] {
  return [...new Set(list.split(',').filter(Boolean))];
}

/** `m_fan` in the older projects' answer: 1 / 0 per id asked (legacy `/getIsPlaylistFan`, `/getIsAlbumFan`). */
export function fanFlags(states: Record<string, boolean>): Record<string, number> {
  return Object.fromEntries(Object.entries(states).map(([id, on]) => [id, on ? 1 : 0]));
}
