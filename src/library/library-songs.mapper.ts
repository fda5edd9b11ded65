/**
 * Pure helpers of the song and owned-playlist writes (docs/library.md): reading a write key's two levels of codes,
 * the caller's owned playlists from the homepage, song ids from song details, the liked-state answer. Unit-tested.
 */

type Raw = Record<string, any>;

/**
 * Songs one add or remove takes: upstream refuses an envelope of more than 30 keys, and no source states more
 * (docs/upstream/library.md "How writes are sent").
 */
export const PLAYLIST_SONGS_MAX = 30;
/** Mids one liked-state read takes: the Koa fork's batch size (docs/upstream/library.md "Read the liked state"). */
export const LIKE_STATE_MAX = 100;

/** A playlist of the caller's own homepage (`mydiss.list[]`): its global id, its number in the account, name, count. */
export interface OwnedPlaylist {
  dissid: string;
  dirid: number;
  dissname: string;
  songCount?: number;
}

/** What one write key came to: applied, or refused with the first non-zero code (key `code`, then `data.retCode`). */
export type WriteOutcome = { applied: true; data: Raw } | { applied: false; code: number };

/** docs/upstream/library.md "Error codes seen on these calls": the key's `code`, then `data.retCode`, must both be 0. */
export function writeOutcome(result: { code: number; data: unknown }): WriteOutcome {
  if (result.code !== 0) return { applied: false, code: result.code };
  const data: Raw = result.data && typeof result.data === 'object' ? result.data : {};
  const retCode = Number(data.retCode ?? 0);
  if (Number.isFinite(retCode) && retCode !== 0) return { applied: false, code: retCode };
  return { applied: true, data };
}

const songCountOf = (item: Raw): number | undefined => {
  const count = [item.song_cnt, item.songnum, item.song_num].find((n) => n !== undefined && n !== null && n !== '');
  if (count !== undefined && Number.isFinite(Number(count))) return Number(count);
  const subtitle = typeof item.subtitle === 'string' ? /^(\d+)首/.exec(item.subtitle) : null;
  return subtitle ? Number(subtitle[1]) : undefined;
};

/** Every playlist of the homepage's `mydiss.list` that carries both ids (the write needs the dirid). */
export function ownedPlaylists(homepage: Raw | undefined): OwnedPlaylist[] {
  const list: unknown = homepage?.mydiss?.list;
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is Raw => !!item && typeof item === 'object')
    .map((item) => {
      const out: OwnedPlaylist = { dissid: String(item.dissid ?? item.tid ?? ''), dirid: Number(item.dirid ?? NaN), dissname: String(item.title ?? item.dissname ?? '') };
      const count = songCountOf(item);
      if (count !== undefined) out.songCount = count;
      return out;
    })
    .filter((p) => /^\d+$/.test(p.dissid) && p.dissid !== '0' && Number.isInteger(p.dirid) && p.dirid > 0);
}

/** The caller's playlist `dissid` (docs/upstream/library.md "Identifiers": ownership is being in one's own `mydiss`). */
export function findOwnedPlaylist(homepage: Raw | undefined, dissid: string): OwnedPlaylist | undefined {
  return ownedPlaylists(homepage).find((p) => p.dissid === dissid);
}

/**
 * AddPlaylist's `data.result` → the new playlist: `tid` (the Python project) or `id` (another client) is the global
 * id, `dirName` the name upstream kept (it renames duplicates). Undefined when the answer names no playlist.
 */
export function createdPlaylist(data: Raw, askedName: string): OwnedPlaylist | undefined {
  const result: Raw = data.result && typeof data.result === 'object' ? data.result : data;
  const dissid = String(result.tid ?? result.id ?? result.dissid ?? '');
  const dirid = Number(result.dirId ?? result.dirid ?? NaN);
  if (!/^\d+$/.test(dissid) || dissid === '0' || !Number.isInteger(dirid) || dirid <= 0) return undefined;
  const name = typeof result.dirName === 'string' && result.dirName ? result.dirName : askedName;
  return { dissid, dirid, dissname: name, songCount: 0 };
}

/** DelPlaylist's `data.result.dirId`: 0 (or absent) when the account had no such playlist. */
export function deletedDirid(data: Raw): number {
  const result: Raw = data.result && typeof data.result === 'object' ? data.result : {};
  const dirid = Number(result.dirId ?? result.dirid ?? 0);
  return Number.isFinite(dirid) ? dirid : 0;
}

/** Each distinct mid once, in the order first given (a repeated mid is one song to add, and one result). */
export function distinctMids(mids: readonly string[]): string[] {
  return [...new Set(mids)];
}

/** A song detail's numeric id and type; undefined for upstream's empty track (no such song). */
export function songRefOf(songinfo: Raw | undefined): { songId: number; songType: number } | undefined {
  const track: Raw | undefined = songinfo?.track_info ?? songinfo?.trackInfo;
  const id = Number(track?.id ?? 0);
  if (!track?.mid || !Number.isSafeInteger(id) || id <= 0) return undefined;
  const type = Number(track.type ?? 0);
  return { songId: id, songType: Number.isInteger(type) ? type : 0 };
}

/** IsSongFanByMid's `data.m_fan` (`{ <mid>: 1 | 0 }`) → a boolean for every mid asked; a mid upstream left out is false. */
export function likedMap(mids: readonly string[], data: Raw | null | undefined): Record<string, boolean> {
  const fan: Raw = data?.m_fan && typeof data.m_fan === 'object' ? data.m_fan : {};
  return Object.fromEntries(mids.map((mid) => [mid, Number(fan[mid] ?? 0) === 1 || fan[mid] === true]));
}
