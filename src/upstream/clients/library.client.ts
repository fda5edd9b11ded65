import { Injectable } from '@nestjs/common';
import type { MusicuCall, MusicuKeyResult } from '../upstream.types';
import { LIBRARY_WRITE } from './library-write';
import { UpstreamClient } from './upstream-client';

/** The dirid of every account's 我喜欢 list (docs/upstream/library.md "Identifiers"). */
export const LIKED_DIRID = 201;

/** A song as the playlist writes name it: its numeric id and type (0 for ordinary songs). */
export interface SongRefForWrite {
  songId: number;
  songType: number;
}

/**
 * One write key's outcome: upstream's key `code` and its `data` (null when the code is not 0). The caller reads the
 * second level (`retCode`, `result`) itself: docs/upstream/library.md "Error codes seen on these calls".
 */
export type WriteResult = MusicuKeyResult<Record<string, any> | null>;

/** The state read goes with the Android comm too (the writes' profile), but may be retried: it changes nothing. */
const LIBRARY_WRITE_READ = { ...LIBRARY_WRITE, idempotent: true };

const PLAYLIST_DETAIL_WRITE = 'music.musicasset.PlaylistDetailWrite';
const PLAYLIST_BASE_WRITE = 'music.musicasset.PlaylistBaseWrite';

/**
 * Library writes and the liked-state read (docs/upstream/library.md). Every write goes out with LIBRARY_WRITE (Android
 * comm, never retried nor shared); a timeout or reset reaches the caller as the transport's UpstreamError.
 */
@Injectable()
export class LibraryClient extends UpstreamClient {
  /**
   * docs/upstream/library.md "Like / unlike a song (我喜欢, dirid 201)" and "Create / rename / delete an owned
   * playlist": AddSonglist into the playlist `dirId`.
   */
  addSongs(dirId: number, tid: number, songs: readonly SongRefForWrite[]): Promise<WriteResult> {
    return this.write({ module: PLAYLIST_DETAIL_WRITE, method: 'AddSonglist', param: songsParam(dirId, tid, songs) });
  }

  /**
   * docs/upstream/library.md "Like / unlike a song (我喜欢, dirid 201)" and "Create / rename / delete an owned
   * playlist": DelSonglist from the playlist `dirId`.
   */
  removeSongs(dirId: number, tid: number, songs: readonly SongRefForWrite[]): Promise<WriteResult> {
    return this.write({ module: PLAYLIST_DETAIL_WRITE, method: 'DelSonglist', param: songsParam(dirId, tid, songs) });
  }

  /** docs/upstream/library.md "Create / rename / delete an owned playlist": AddPlaylist. */
  createPlaylist(name: string): Promise<WriteResult> {
    return this.write({ module: PLAYLIST_BASE_WRITE, method: 'AddPlaylist', param: { dirName: name } });
  }

  /** Same section: EditPlaylist with mask 1 (the name); single-source, unconfirmed. */
  renamePlaylist(dirId: number, name: string): Promise<WriteResult> {
    return this.write({ module: PLAYLIST_BASE_WRITE, method: 'EditPlaylist', param: { dirId, mask: 1, dirNewName: name } });
  }

  /** Same section: DelPlaylist; `result.dirId` is 0 when the account has no such playlist. */
  deletePlaylist(dirId: number): Promise<WriteResult> {
    return this.write({ module: PLAYLIST_BASE_WRITE, method: 'DelPlaylist', param: { dirId } });
  }

  /**
   * docs/upstream/library.md "Read the liked state": IsSongFanByMid, POSTed (a GET of many mids outgrows the URL). A
   * read: the login's own comm, shared with an identical call in flight.
   */
  async likedState(songmids: readonly string[]): Promise<WriteResult> {
    const { results } = await this.musicuPartial({ fan: { module: 'music.musicasset.SongFavRead', method: 'IsSongFanByMid', param: { v_songMid: [...songmids] } } }, LIBRARY_WRITE_READ);
    return results.fan as WriteResult;
  }

  private async write(call: MusicuCall): Promise<WriteResult> {
    const { results } = await this.musicuPartial({ write: call }, LIBRARY_WRITE);
    return results.write as WriteResult;
  }
}

/** docs/upstream/library.md "Like / unlike a song (我喜欢, dirid 201)": the Python project's 2026-03 parameters. */
function songsParam(dirId: number, tid: number, songs: readonly SongRefForWrite[]): Record<string, unknown> {
  return { dirId, tid, bFmtUtf8: true, v_songInfo: songs.map((s) => ({ songId: s.songId, songType: s.songType })) };
}
