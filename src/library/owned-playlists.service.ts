import { HttpStatus, Injectable } from '@nestjs/common';
import { underOldNames, withOldNames } from '../common/answer-schema';
import { GatewayError } from '../common/http-error';
import { envelope, Shaped } from '../common/shaped';
import { CreatePlaylistBody, PlaylistIdBody, PlaylistSongsBody, RenamePlaylistBody } from './dto/library-songs.dto';
import { LibraryAccount, playlistNotFound, WriteAccount } from './library-account';
import { OWNED_PLAYLIST_RENAMES, type PlaylistAnswer, type PlaylistDeletedAnswer, type PlaylistSongsAnswer, type SongResult } from './library-songs.answers';
import { createdPlaylist, deletedDirid, distinctMids, findOwnedPlaylist, OwnedPlaylist } from './library-songs.mapper';
import { LibrarySongsService } from './library-songs.service';

/** Create, rename and delete the caller's own playlists, and add / remove their songs (docs/library.md "Owned playlists"). */
@Injectable()
export class OwnedPlaylistsService {
  constructor(
    private readonly account: LibraryAccount,
    private readonly songs: LibrarySongsService,
  ) {}

  /** docs/upstream/library.md "Create / rename / delete an owned playlist": AddPlaylist; upstream's name is kept. */
  async createPlaylist({ name }: CreatePlaylistBody): Promise<Shaped> {
    const account = this.account.account();
    const data = await this.account.send('the new playlist', account, () => this.account.client.createPlaylist(name));
    const playlist = createdPlaylist(data, name);
    await this.account.invalidate(account, playlist?.dissid);
    if (!playlist) {
      throw new GatewayError(HttpStatus.BAD_GATEWAY, 'WRITE_OUTCOME_UNKNOWN', 'QQ Music accepted the new playlist but named none in its answer: read /user/getUserPlaylists before trying again');
    }
    return playlistAnswer(playlist);
  }

  /** Same section: EditPlaylist (mask 1 = the name), on a playlist of the caller's own. */
  async renamePlaylist({ dissid, name }: RenamePlaylistBody): Promise<Shaped> {
    const account = this.account.account();
    const owned = await this.account.ownedPlaylist(account, dissid);
    await this.account.send('the new name', account, () => this.account.client.renamePlaylist(owned.dirid, name));
    await this.account.invalidate(account, dissid);
    return playlistAnswer({ ...owned, dissname: name });
  }

  /** Same section: DelPlaylist. Upstream's `dirId` 0 means it had no such playlist: 404, as for an unknown dissid. */
  async deletePlaylist({ dissid }: PlaylistIdBody): Promise<Shaped> {
    const account = this.account.account();
    const owned = await this.account.ownedPlaylist(account, dissid);
    const written = await this.account.send('the delete', account, () => this.account.client.deletePlaylist(owned.dirid));
    await this.account.invalidate(account, dissid);
    if (deletedDirid(written) === 0) throw playlistNotFound(dissid);
    const data: PlaylistDeletedAnswer = { dissid, deleted: true };
    return envelope(data, { code: 0, data });
  }

  /**
   * docs/upstream/library.md "Create / rename / delete an owned playlist" (add songs): AddSonglist with the
   * playlist's dirid and tid.
   */
  addPlaylistSongs(body: PlaylistSongsBody): Promise<Shaped> {
    return this.changeSongs(body, 'add');
  }

  /** docs/upstream/library.md "Create / rename / delete an owned playlist" (remove songs): DelSonglist. */
  removePlaylistSongs(body: PlaylistSongsBody): Promise<Shaped> {
    return this.changeSongs(body, 'remove');
  }

  /**
   * Every distinct mid is looked up in one request; the songs found go out in ONE write, so they are applied or
   * refused together, and a song that could not be looked up is reported on its own (never half a batch unsaid).
   */
  private async changeSongs({ dissid, songmids }: PlaylistSongsBody, op: 'add' | 'remove'): Promise<Shaped> {
    const account = this.account.account();
    const owned = await this.account.ownedPlaylist(account, dissid);
    const resolved = await this.songs.resolveSongs(distinctMids(songmids));
    const refs = resolved.flatMap((s) => ('ref' in s ? [s.ref] : []));
    let playlist: Pick<OwnedPlaylist, 'dissid' | 'dissname' | 'songCount'> = owned;
    if (refs.length) {
      const client = this.account.client;
      const tid = Number(dissid);
      const what = op === 'add' ? `adding songs to playlist ${dissid}` : `removing songs from playlist ${dissid}`;
      await this.account.send(what, account, () => (op === 'add' ? client.addSongs(owned.dirid, tid, refs) : client.removeSongs(owned.dirid, tid, refs)));
      await this.account.invalidate(account, dissid);
      playlist = await this.afterWrite(account, owned);
    }
    const results: SongResult[] = resolved.map((s) =>
      'ref' in s ? { songmid: s.songmid, ok: true, songid: s.ref.songId } : { songmid: s.songmid, ok: false, errorCode: s.error.errorCode, error: s.error.message },
    );
    const data: PlaylistSongsAnswer = { playlist: { dissid: playlist.dissid, dissname: playlist.dissname, songCount: playlist.songCount }, results };
    return envelope(data, { code: 0, data });
  }

  /** The playlist as the homepage shows it once written (its song count); the pre-write entry if it shows none. */
  private async afterWrite(account: WriteAccount, before: OwnedPlaylist): Promise<OwnedPlaylist> {
    try {
      return findOwnedPlaylist(await this.account.homepage(account), before.dissid) ?? before;
    } catch {
      // The write is applied: a failed re-read only leaves the count unknown, it does not fail the answer.
      return { dissid: before.dissid, dirid: before.dirid, dissname: before.dissname };
    }
  }
}

/**
 * An owned playlist's answer. The raw upstream-like body, which the legacy shape answers as `{ response: { code: 0,
 * data } }`, keeps the names it had (docs/glossary.md "Renamed fields").
 */
function playlistAnswer({ dissid, dirid, dissname, songCount }: OwnedPlaylist): Shaped {
  const playlist = withOldNames({ dissid, dirId: dirid, dissname, ...(songCount !== undefined ? { songCount } : {}) }, OWNED_PLAYLIST_RENAMES);
  const data: PlaylistAnswer = { playlist };
  return envelope(data, { code: 0, data: { playlist: underOldNames(playlist, OWNED_PLAYLIST_RENAMES) } });
}
