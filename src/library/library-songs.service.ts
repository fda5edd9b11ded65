import { HttpStatus, Injectable } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { envelope, Shaped } from '../common/shaped';
import { LIKED_DIRID, SongRefForWrite } from '../upstream/clients/library.client';
import { MusicClient } from '../upstream/clients/music.client';
import { businessError, UpstreamError, warrantsFallback } from '../upstream/upstream.errors';
import { throwIfLoginCode } from '../user/user-login';
import { SetSongLikeBody, SongLikeStateQuery } from './dto/library-songs.dto';
import { LibraryAccount, WriteAccount } from './library-account';
import type { SongLikeAnswer, SongLikeStateAnswer } from './library-songs.answers';
import { distinctMids, likedMap, songRefOf } from './library-songs.mapper';

/** A song MID resolved to the numeric id the writes take, or why it could not be. */
export type ResolvedSong = { songmid: string; ref: SongRefForWrite } | { songmid: string; error: GatewayError };

export const songNotFound = (songmid: string) => new GatewayError(HttpStatus.NOT_FOUND, 'SONG_NOT_FOUND', `No song found for songmid ${songmid}`);

/** Like / unlike a song and read the liked state (docs/library.md "Liking songs"). */
@Injectable()
export class LibrarySongsService {
  constructor(
    private readonly account: LibraryAccount,
    private readonly music: MusicClient,
  ) {}

  /**
   * docs/upstream/library.md "Like / unlike a song (我喜欢, dirid 201)": AddSonglist / DelSonglist on dirid 201,
   * idempotent either way.
   */
  async setSongLike({ songmid, like }: SetSongLikeBody): Promise<Shaped> {
    const account = this.account.account();
    const [song] = await this.resolveSongs([songmid]);
    if ('error' in song) throw song.error;
    await this.likeByIds(account, [song.ref], like, () => this.isLiked(account, songmid));
    const data: SongLikeAnswer = { songmid, songid: song.ref.songId, liked: like };
    return envelope(data, { code: 0, data });
  }

  /**
   * Likes or unlikes songs by id (the legacy /setFav takes ids). Upstream's "not applied" (80092) is answered for a
   * song already so by some versions (docs/upstream/library.md "Like / unlike a song (我喜欢, dirid 201)"): `alreadySo`
   * reads the state back and settles it, so a repeated like is a 200; without it the 409 stands.
   */
  async likeByIds(account: WriteAccount, songs: SongRefForWrite[], like: boolean, alreadySo?: () => Promise<boolean>): Promise<Record<string, any>> {
    const what = like ? 'the like' : 'the unlike';
    const client = this.account.client;
    const send = () => (like ? client.addSongs(LIKED_DIRID, 0, songs) : client.removeSongs(LIKED_DIRID, 0, songs));
    let data: Record<string, any>;
    try {
      data = await this.account.send(what, account, send);
    } catch (err) {
      if (!(err instanceof GatewayError) || err.errorCode !== 'WRITE_NOT_APPLIED' || !alreadySo || (await alreadySo()) !== like) throw err;
      data = {};
    }
    await this.account.invalidate(account);
    return data;
  }

  /** docs/upstream/library.md "Read the liked state". Never cached: it is one account's, and every like changes it. */
  async getSongLikeState({ songmids }: SongLikeStateQuery): Promise<Shaped> {
    const account = this.account.account();
    const mids = distinctMids(songmids);
    const raw = await this.likedStateRaw(account, mids);
    const data: SongLikeStateAnswer = { liked: likedMap(mids, raw) };
    return envelope(data, { code: 0, data: raw });
  }

  /** IsSongFanByMid's `data` for `mids`; login codes are LOGIN_EXPIRED, another code an upstream error. */
  async likedStateRaw(account: WriteAccount, mids: string[]): Promise<Record<string, any>> {
    const result = await this.account.client.likedState(mids);
    if (result.code !== 0) {
      throwIfLoginCode(result.code, account.cookie);
      throw businessError(result.code, 'music.musicasset.SongFavRead.IsSongFanByMid');
    }
    return result.data ?? {};
  }

  private async isLiked(account: WriteAccount, songmid: string): Promise<boolean> {
    return likedMap([songmid], await this.likedStateRaw(account, [songmid]))[songmid];
  }

  /**
   * Song details of `mids` in one request (docs/upstream/music.md "Song detail"): each mid's id, or its own error
   * (upstream's empty track is SONG_NOT_FOUND; a failed lookup is WRITE_NOT_APPLIED for that song alone).
   */
  async resolveSongs(mids: readonly string[]): Promise<ResolvedSong[]> {
    const details = await this.music.songDetails(mids.map((mid) => ({ mid })));
    return mids.map((songmid, i) => {
      const detail = details[i];
      if (detail instanceof Error) {
        // An account or quota code is the login's, not this song's: answered as such, never as "try it again".
        if (isFinal(detail)) throw detail;
        const reason = detail.message;
        return { songmid, error: new GatewayError(HttpStatus.CONFLICT, 'WRITE_NOT_APPLIED', `The song ${songmid} could not be looked up (${reason}), so it was not sent; try it again`) };
      }
      const ref = songRefOf(detail.songinfo);
      return ref ? { songmid, ref } : { songmid, error: songNotFound(songmid) };
    });
  }
}

/** A business code about the account or the quota: no other call (nor a repeat) would answer differently. */
const isFinal = (err: Error): boolean => err instanceof UpstreamError && err.kind === 'business' && !warrantsFallback(err);
