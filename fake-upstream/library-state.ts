import { catalog } from './catalog';
import type { FakeState } from './state';

/**
 * Per-account library state of the fake (`state.of('library-songs', …)`), keyed by the account's uin: its liked songs
 * and its own playlists with their songs. An account gets a record on its first write (seeded from the user model:
 * twelve liked songs, its `mydiss`), and from then on the homepage, the playlist detail and the liked-state read answer
 * from it, so a write changes what the later reads return. Accounts never written keep the user model's answers.
 */

export interface OwnedFakePlaylist {
  dissid: number;
  dirid: number;
  title: string;
  picurl?: string;
  /** Song ids; undefined until a song write, while the playlist still holds its seeded `seededCount` songs. */
  songs?: number[];
  seededCount: number;
}

export interface AccountLibrary {
  uin: string;
  liked: number[];
  playlists: OwnedFakePlaylist[];
  nextDirid: number;
}

/** The seed an account's record is made from (the user model's homepage playlists). */
export interface LibrarySeed {
  uin: string;
  mydiss: { dissid: number; title: string; picurl?: string; dirid?: number; song_cnt?: number; subtitle?: string }[];
}

export interface LibrarySongsModel {
  accounts: Map<string, AccountLibrary>;
  /** Songs a playlist holds at most: an add beyond it is refused with FULL_PLAYLIST_RETCODE. */
  capacity: number;
  /** The next call of a write method (`AddSonglist`, `DelPlaylist`…) answers this key code instead (once each). */
  refuseNext: Map<string, number>;
  nextDissid: number;
}

/** The fake's answer for a full playlist: no source records the real code (docs/upstream/library.md open question 6). */
export const FULL_PLAYLIST_RETCODE = 10030;
/** The twelve songs every seeded account likes (the homepage's 我喜欢 count, 12). */
export const SEED_LIKED = 12;

export const librarySongsState = (state: FakeState): LibrarySongsModel =>
  state.of('library-songs', () => ({ accounts: new Map(), capacity: 10000, refuseNext: new Map(), nextDissid: 8800000001 }));

/** An account's record if it has been written to (the reads keep the user model's answer otherwise). */
export function writtenLibrary(state: FakeState, uin: string): AccountLibrary | undefined {
  return librarySongsState(state).accounts.get(uin);
}

/** An account's record, made from `seed` on first use. */
export function libraryOf(state: FakeState, seed: LibrarySeed): AccountLibrary {
  const model = librarySongsState(state);
  let lib = model.accounts.get(seed.uin);
  if (!lib) {
    const playlists = seed.mydiss.map(toOwned);
    lib = {
      uin: seed.uin,
      liked: catalog().slice(0, SEED_LIKED).map((s) => s.id),
      playlists,
      nextDirid: Math.max(1, ...playlists.map((p) => p.dirid)) + 1,
    };
    model.accounts.set(seed.uin, lib);
  }
  return lib;
}

function toOwned(d: LibrarySeed['mydiss'][number], i: number): OwnedFakePlaylist {
  const seededCount = d.song_cnt ?? Number(/^(\d+)首/.exec(d.subtitle ?? '')?.[1] ?? 0);
  return { dissid: d.dissid, dirid: d.dirid ?? i + 2, title: d.title, picurl: d.picurl, seededCount };
}

/** A playlist's songs, made concrete on its first song write (the seeded ones: the catalogue's first N). */
export function songsOf(playlist: OwnedFakePlaylist): number[] {
  playlist.songs ??= catalog().slice(0, playlist.seededCount).map((s) => s.id);
  return playlist.songs;
}

/** The song count a playlist shows. */
export const songCountOf = (playlist: OwnedFakePlaylist): number => playlist.songs?.length ?? playlist.seededCount;

/** A written account's playlist whose songs a write made concrete, or that a write created, by global id. */
export function writtenPlaylist(state: FakeState, disstid: string): { owner: AccountLibrary; playlist: OwnedFakePlaylist } | undefined {
  for (const owner of librarySongsState(state).accounts.values()) {
    const playlist = owner.playlists.find((p) => String(p.dissid) === disstid && p.songs !== undefined);
    if (playlist) return { owner, playlist };
  }
  return undefined;
}

/** A playlist of an account never written, as a transient record with its seeded songs (for the detail read). */
export function seededPlaylist(seeds: LibrarySeed[], disstid: string): { owner: { uin: string }; playlist: OwnedFakePlaylist } | undefined {
  for (const seed of seeds) {
    const i = seed.mydiss.findIndex((d) => String(d.dissid) === disstid);
    if (i >= 0) return { owner: seed, playlist: toOwned(seed.mydiss[i], i) };
  }
  return undefined;
}

/** The homepage's `mydiss.list` items of a written account. */
export function mydissOf(lib: AccountLibrary): Record<string, unknown>[] {
  return lib.playlists.map((p) => ({
    dissid: p.dissid,
    title: p.title,
    subtitle: `${songCountOf(p)}首`,
    ...(p.picurl ? { picurl: p.picurl } : {}),
    dirid: p.dirid,
    song_cnt: songCountOf(p),
  }));
}
