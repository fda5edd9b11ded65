import { createHash } from 'node:crypto';
import { fixture } from './fixtures';

/** A song the fake knows: built from the genuine fixtures (chart, search and singer payloads). */
export interface CatalogSong {
  id: number;
  mid: string;
  name: string;
  singers: { id: number; mid: string; name: string }[];
  albumId: number;
  albumMid: string;
  albumName: string;
  interval: number;
  mediaMid: string;
}

let songs: CatalogSong[] | undefined;

/** Real songs with real ids and MIDs, deduplicated by id. */
export function catalog(): CatalogSong[] {
  if (songs) return songs;
  const byId = new Map<number, CatalogSong>();
  const add = (d: any) => {
    if (!d?.songid || byId.has(Number(d.songid))) return;
    byId.set(Number(d.songid), {
      id: Number(d.songid),
      mid: String(d.songmid),
      name: String(d.songname),
      singers: (d.singer ?? []).map((s: any) => ({ id: Number(s.id), mid: String(s.mid), name: String(s.name) })),
      albumId: Number(d.albumid ?? 0),
      albumMid: String(d.albummid ?? ''),
      albumName: String(d.albumname ?? ''),
      interval: Number(d.interval ?? 0),
      mediaMid: String(d.strMediaMid ?? d.media_mid ?? d.songmid),
    });
  };
  const detail = fixture('musicu-song-detail-yqq.json').req_0.data.track_info;
  add({
    songid: detail.id,
    songmid: detail.mid,
    songname: detail.name,
    singer: detail.singer,
    albumid: detail.album.id,
    albummid: detail.album.mid,
    albumname: detail.album.name,
    interval: detail.interval,
    strMediaMid: detail.file.media_mid,
  });
  fixture('c-fcg-v8-toplist-cp.json').songlist.forEach((row: any) => add(row.data));
  fixture('c-soso-client-search-cp.json').data.song.list.forEach(add);
  fixture('c-fcg-v8-singer-track-cp.data-list.fragment.json').forEach((row: any) => add(row.musicData));
  songs = [...byId.values()];
  return songs;
}

const mids = new Map<number, string>();

/** A deterministic 14-character MID for ids the fixtures do not cover (remembered: a sha1 per call showed in the bench). */
export function syntheticMid(id: number): string {
  let mid = mids.get(id);
  if (mid === undefined) {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    const digest = createHash('sha1').update(String(id)).digest();
    mid = '00';
    for (let i = 0; mid.length < 14; i++) mid += alphabet[digest[i] % alphabet.length];
    if (mids.size >= 100_000) mids.clear();
    mids.set(id, mid);
  }
  return mid;
}

export function songById(id: number): CatalogSong {
  const known = catalog().find((s) => s.id === id);
  if (known) return known;
  const mid = syntheticMid(id);
  return {
    id,
    mid,
    name: `Song ${id}`,
    singers: [{ id: 1000 + (id % 97), mid: syntheticMid(1000 + (id % 97)), name: `Singer ${id % 97}` }],
    albumId: 2000 + (id % 31),
    albumMid: syntheticMid(2000 + (id % 31)),
    albumName: `Album ${id % 31}`,
    interval: 180 + (id % 120),
    mediaMid: mid,
  };
}

/** A song's core fields in QQ's track object shape, as chart details and new-song lists carry them. */
export function trackCore(s: CatalogSong) {
  return {
    id: s.id,
    mid: s.mid,
    name: s.name,
    title: s.name,
    singer: s.singers,
    album: { id: s.albumId, mid: s.albumMid, name: s.albumName },
    interval: s.interval,
  };
}

export function songByMid(mid: string): CatalogSong | undefined {
  return catalog().find((s) => s.mid === mid);
}
