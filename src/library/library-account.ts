import { HttpStatus, Injectable } from '@nestjs/common';
import { CacheInvalidation } from '../cache/cache-invalidation';
import { GatewayError } from '../common/http-error';
import { writeAccount, type WriteAccount } from './write-login.guard';
import { LibraryClient, WriteResult } from '../upstream/clients/library.client';
import { PlaylistsClient } from '../upstream/clients/playlists.client';
import { UserClient } from '../upstream/clients/user.client';
import { UpstreamError } from '../upstream/upstream.errors';
import { checkHomepage } from '../user/user-login';
import { writeOutcomeUnknown, writeRefusal } from './library-errors';
import { findOwnedPlaylist, OwnedPlaylist, WriteOutcome, writeOutcome } from './library-songs.mapper';

export type { WriteAccount };

/**
 * What every song and playlist write shares (docs/library.md): whose account it is, which of its playlists a dissid
 * is, how an upstream write call ends, and which cached reads of that account it makes stale.
 */
@Injectable()
export class LibraryAccount {
  constructor(
    private readonly user: UserClient,
    private readonly playlists: PlaylistsClient,
    private readonly library: LibraryClient,
    private readonly cache: CacheInvalidation,
  ) {}

  get client(): LibraryClient {
    return this.library;
  }

  /** The account WriteLoginGuard resolved for the request: the ownership check and the write use the same one. */
  account(): WriteAccount {
    return writeAccount();
  }

  /** The caller's own homepage (docs/upstream/user.md "User homepage"), read fresh: a cached copy may predate a write. */
  async homepage(account: WriteAccount): Promise<Record<string, any>> {
    return checkHomepage(await this.user.homepage(account.uin), account.cookie, account.uin);
  }

  /**
   * The caller's playlist `dissid` with its dirid. Not in the caller's own `mydiss`: 403 when the playlist exists
   * (someone else's), 404 when upstream has none; nothing is written either way.
   */
  async ownedPlaylist(account: WriteAccount, dissid: string): Promise<OwnedPlaylist> {
    const owned = findOwnedPlaylist(await this.homepage(account), dissid);
    if (owned) return owned;
    throw (await this.playlistExists(dissid)) ? notOwner(dissid) : playlistNotFound(dissid);
  }

  /**
   * Sends one write and reads its codes. A timeout or lost connection may have landed: WRITE_OUTCOME_UNKNOWN, never
   * retried. A refusal (login codes included, after CookieChoice's one refresh of a stored login) is thrown unless
   * `refusalIs` claims the code.
   */
  async send(what: string, account: WriteAccount, call: () => Promise<WriteResult>, refusalIs?: (code: number) => GatewayError | undefined): Promise<Record<string, any>> {
    let outcome: WriteOutcome;
    try {
      outcome = writeOutcome(await call());
    } catch (err) {
      if (err instanceof UpstreamError && (err.kind === 'timeout' || err.kind === 'network')) throw writeOutcomeUnknown(what);
      const code = err instanceof UpstreamError && err.kind === 'business' ? err.details.upstreamCode : undefined;
      if (code !== undefined) throw refusalIs?.(code) ?? writeRefusal(code, account.cookie, what);
      throw err;
    }
    if (!outcome.applied) throw refusalIs?.(outcome.code) ?? writeRefusal(outcome.code, account.cookie, what);
    return outcome.data;
  }

  /**
   * Drops the cached reads a write changed for this account (docs/library.md "Reads after a write"): its profile,
   * playlists, liked entry (counts) and liked songs, and the playlist's detail when one was written.
   */
  async invalidate(account: WriteAccount, dissid?: string): Promise<void> {
    const byUin = ['/user/getUserPlaylists', '/user/getUserDetail', '/user/getUserLikedSongs', '/user/getLikedSongs'].map((path) => ({ path, param: 'uin', value: account.uin }));
    await this.cache.invalidate(dissid ? [...byUin, { path: '/getSongListDetail', param: 'disstid', value: dissid }] : byUin);
  }

  /** Whether upstream knows playlist `dissid` at all (its detail has a `dirinfo`, or the legacy CGI a cdlist entry). */
  private async playlistExists(dissid: string): Promise<boolean> {
    const answer = await this.playlists.detail(dissid, 0, 1);
    if (answer.source === 'musicu') {
      const info = answer.dissInfo?.dirinfo;
      return !!info && typeof info === 'object' && Object.keys(info).length > 0;
    }
    return Array.isArray(answer.cdlist) && answer.cdlist.length > 0;
  }
}

export function notOwner(dissid: string): GatewayError {
  return new GatewayError(HttpStatus.FORBIDDEN, 'NOT_PLAYLIST_OWNER', `Playlist ${dissid} is not one of this account's own playlists: only its owner can change it`);
}

export function playlistNotFound(dissid: string): GatewayError {
  return new GatewayError(HttpStatus.NOT_FOUND, 'PLAYLIST_NOT_FOUND', `No playlist ${dissid}`);
}
