import { HttpStatus, Injectable } from '@nestjs/common';
import { CacheInvalidation, StaleReads } from '../cache/cache-invalidation';
import { parseCookie } from '../common/cookie';
import { GatewayError } from '../common/http-error';
import { envelope, Shaped } from '../common/shaped';
import { FINAL_CODES } from '../common/upstream-codes';
import { writeAccount } from './write-login.guard';
import { AlbumRef, CollectionsClient, WriteAnswer } from '../upstream/clients/collections.client';
import { UserClient } from '../upstream/clients/user.client';
import { businessError, UpstreamError, warrantsFallback } from '../upstream/upstream.errors';
import { checkHomepage, requireLoginCookie, throwIfLoginCode } from '../user/user-login';
import { withOldNames } from '../common/answer-schema';
import { ALBUM_WRITE_RENAMES, type AlbumCollectAnswer, type CollectStateAnswer, type PlaylistCollectAnswer, SINGER_WRITE_RENAMES, type SingerFollowAnswer } from './collections.answers';
import { collectedStates, distinctIds, encryptUinOf, favWriteFailure, hasWriteResult } from './collections.mapper';
import { AlbumCollectStateQuery, PlaylistCollectStateQuery, SetAlbumCollectBody, SetPlaylistCollectBody, SetSingerFollowBody } from './dto/collections.dto';
import { NOT_APPLIED, writeOutcomeUnknown, writeRefusal } from './library-errors';

/** encrypt_uin of accounts seen lately: it never changes for an account, and each playlist write needs it. */
const EUIN_CACHE_SIZE = 1000;
/** QQ Music refuses to let an account collect its own playlist (an unattributed client's 2026-09 notes). */
const OWN_PLAYLIST_RESULT = 80184;
/** The follow CGI fallback's codes (docs/upstream/library.md "Follow / unfollow a singer"): web session expired; too frequent. */
const WEB_SESSION_EXPIRED = 1006;
const TOO_FREQUENT = 104604;

/** The sets of cached reads each write changes, for the caller's account (docs/library.md "Sent once, read back true"). */
const STALE = {
  playlists: ['/user/getUserCollectedSongLists'],
  albums: ['/user/getUserCollectedAlbums'],
  singers: ['/user/getUserFollowSingers', '/user/getUserDetail'],
} as const;

/** Collect / uncollect playlists and albums, follow / unfollow singers, and read the collected state (docs/library.md). */
@Injectable()
export class CollectionsService {
  private readonly euins = new Map<string, string>();

  constructor(
    private readonly client: CollectionsClient,
    private readonly user: UserClient,
    private readonly invalidation: CacheInvalidation,
  ) {}

  async setPlaylistCollect(body: SetPlaylistCollectBody): Promise<Shaped> {
    const { cookie, uin } = writeAccount();
    const dissid = Number(body.dissid);
    const what = `${body.collect ? 'collecting' : 'uncollecting'} playlist ${body.dissid}`;
    const cached = this.euins.get(uin);
    // A read: its failure is its own (nothing was written yet), so it stays outside sentOnce.
    const first = cached ?? (await this.encryptUin(uin));
    let answer = await sentOnce(what, () => this.client.setPlaylistCollected(first, dissid, body.collect));
    let failure = this.playlistFailure(answer, cookie, what, dissid);
    if (failure && failure.result !== OWN_PLAYLIST_RESULT && cached !== undefined) {
      // "no valid playlist" also means a wrong encrypt_uin: asked again with a fresh one (the refusal applied nothing).
      this.euins.delete(uin);
      const euin = await this.encryptUin(uin);
      answer = await sentOnce(what, () => this.client.setPlaylistCollected(euin, dissid, body.collect));
      failure = this.playlistFailure(answer, cookie, what, dissid);
    }
    if (failure?.result === OWN_PLAYLIST_RESULT) {
      throw new GatewayError(HttpStatus.CONFLICT, 'WRITE_REFUSED', `QQ Music does not let an account collect its own playlist (${body.dissid})`, { upstreamCode: failure.result });
    }
    if (failure) {
      throw new GatewayError(HttpStatus.NOT_FOUND, 'PLAYLIST_NOT_FOUND', `QQ Music knows no playlist ${body.dissid} that can be collected${failure.reason ? ` (${failure.reason})` : ''}`, {
        ...(failure.result ? { upstreamCode: failure.result } : {}),
      });
    }
    await this.stale(STALE.playlists, uin);
    const data: PlaylistCollectAnswer = { dissid: body.dissid, collected: body.collect };
    return envelope(data, answer.raw);
  }

  async setAlbumCollect(body: SetAlbumCollectBody): Promise<Shaped> {
    const { cookie, uin } = writeAccount();
    const what = `${body.collect ? 'collecting' : 'uncollecting'} album ${body.albummid}`;
    const byMid: AlbumRef = { albumMid: body.albummid, uin };
    const albumId = await this.albumId(body.albummid);
    if (albumId === 0) throw new GatewayError(HttpStatus.NOT_FOUND, 'ALBUM_NOT_FOUND', `No album with albummid ${body.albummid}`);
    // docs/upstream/library.md "Collect / uncollect an album": the numeric-id form first, the mid form when it is
    // refused (a refusal applied nothing) or the id could not be read.
    let answer = await sentOnce(what, () => this.client.setAlbumCollected(albumId === undefined ? byMid : { albumId }, body.collect));
    if (albumId !== undefined && otherFormMayWork(answer, albumId)) {
      answer = await sentOnce(what, () => this.client.setAlbumCollected(byMid, body.collect));
    }
    if (answer.code !== 0) throw writeRefusal(answer.code, cookie, what);
    if (!hasWriteResult(answer.data)) throw verdictMissing(what);
    const failure = favWriteFailure(answer.data, 'v_failedAlbumId', albumId ?? body.albummid) ?? favWriteFailure(answer.data, 'v_failedAlbumMid', body.albummid);
    if (failure) {
      throw new GatewayError(HttpStatus.BAD_GATEWAY, 'WRITE_REFUSED', `QQ Music refused ${what} (result ${failure.result}${failure.reason ? `: ${failure.reason}` : ''})`, { upstreamCode: failure.result });
    }
    await this.stale(STALE.albums, uin);
    const data: AlbumCollectAnswer = withOldNames({ albumMid: body.albummid, collected: body.collect }, ALBUM_WRITE_RENAMES);
    return envelope(data, answer.raw);
  }

  async setSingerFollow(body: SetSingerFollowBody): Promise<Shaped> {
    const { cookie, uin } = writeAccount();
    const pSkey = parseCookie(cookie).p_skey || undefined;
    const what = `${body.follow ? 'following' : 'unfollowing'} singer ${body.singermid}`;
    const answer = await sentOnce(what, () => this.client.setSingerFollowed(body.singermid, body.follow, pSkey));
    if (answer.viaWebSession && answer.code === WEB_SESSION_EXPIRED) {
      throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_EXPIRED', `QQ Music says the web session (p_skey) has expired (upstream code ${answer.code}): log in with QQ again`, { upstreamCode: answer.code });
    }
    if (answer.viaWebSession && answer.code === TOO_FREQUENT) {
      throw new GatewayError(HttpStatus.CONFLICT, 'WRITE_NOT_APPLIED', `QQ Music did not apply ${what}: too many follows in a short time (upstream code ${answer.code}); try again later`, { upstreamCode: answer.code });
    }
    if (answer.code !== 0) throw writeRefusal(answer.code, cookie, what);
    await this.stale(STALE.singers, uin);
    const data: SingerFollowAnswer = withOldNames({ singerMID: body.singermid, followed: body.follow }, SINGER_WRITE_RENAMES);
    return envelope(data, answer.raw);
  }

  async getPlaylistCollectState(query: PlaylistCollectStateQuery): Promise<Shaped> {
    const cookie = requireLoginCookie(this.client.effectiveCookie());
    const ids = distinctIds(query.dissids);
    const answer = await this.client.playlistFans(ids.map(Number));
    if (answer.code !== 0) throw stateRefusal(answer.code, cookie);
    const data: CollectStateAnswer = { collected: collectedStates(ids, answer.fans) };
    return envelope(data, answer.raw);
  }

  async getAlbumCollectState(query: AlbumCollectStateQuery): Promise<Shaped> {
    const cookie = requireLoginCookie(this.client.effectiveCookie());
    const mids = distinctIds(query.albummids);
    const answer = await this.client.albumFans(mids);
    if (answer.code !== 0) throw stateRefusal(answer.code, cookie);
    const data: CollectStateAnswer = { collected: collectedStates(mids, answer.fans) };
    return envelope(data, answer.raw);
  }

  /** The account's encrypt_uin from its homepage (docs/upstream/user.md "User homepage"), remembered. */
  private async encryptUin(uin: string): Promise<string> {
    const data = checkHomepage(await this.user.homepage(uin), this.client.effectiveCookie(), uin);
    const euin = encryptUinOf(data);
    if (!euin) throw new GatewayError(HttpStatus.BAD_GATEWAY, 'UPSTREAM_BAD_RESPONSE', 'Upstream fcg_get_profile_homepage.fcg answered no encrypt_uin for the account');
    if (this.euins.size >= EUIN_CACHE_SIZE) this.euins.delete(this.euins.keys().next().value as string);
    this.euins.set(uin, euin);
    return euin;
  }

  /** A playlist write's key code (thrown as the write's error) or its data-level failure. */
  private playlistFailure(answer: WriteAnswer, cookie: string, what: string, dissid: number) {
    if (answer.code !== 0) throw writeRefusal(answer.code, cookie, what);
    if (!hasWriteResult(answer.data)) throw verdictMissing(what);
    return favWriteFailure(answer.data, 'v_failedPlaylistId', dissid);
  }

  /** The album's numeric id; 0 = no such album; undefined = the lookup failed in a way another call may not. */
  private async albumId(albummid: string): Promise<number | undefined> {
    try {
      return await this.client.albumNumericId(albummid);
    } catch (err) {
      if (warrantsFallback(err)) return undefined;
      throw err;
    }
  }

  private stale(paths: readonly string[], uin: string): Promise<void> {
    const reads: StaleReads[] = paths.map((path) => ({ path, param: 'uin', value: uin }));
    return this.invalidation.invalidate(reads);
  }
}

/**
 * A write sent once: a timeout or a lost connection may have applied it, so it is reported as unknown, never retried
 * (docs/library.md "Errors").
 */
async function sentOnce<T>(what: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (err instanceof UpstreamError && (err.kind === 'timeout' || err.kind === 'network')) throw writeOutcomeUnknown(what);
    throw err;
  }
}

/**
 * The numeric-id album write was refused in a way the mid form may not be: a key code about the call rather than the
 * account or quota, other than not-applied, or a failed id.
 */
function otherFormMayWork(answer: WriteAnswer, albumId: number): boolean {
  if (answer.code !== 0) return !FINAL_CODES.has(answer.code) && answer.code !== NOT_APPLIED;
  return favWriteFailure(answer.data, 'v_failedAlbumId', albumId) !== undefined;
}

/** A write answered code 0 but no `result`: it reached QQ Music, so it may have landed; nothing to tell which. */
function verdictMissing(what: string): GatewayError {
  return new GatewayError(
    HttpStatus.BAD_GATEWAY,
    'UPSTREAM_BAD_RESPONSE',
    `Upstream answered ${what} without a result: it may or may not have been applied; read the state back before retrying`,
  );
}

/**
 * A state read's key code: a login code → 401 LOGIN_EXPIRED in the words of the cookie sent; any other code as every
 * read answers it (src/common/upstream-codes.ts: 2001 → 503 with Retry-After, 20274 → 403, else 502).
 */
function stateRefusal(code: number, cookie: string): UpstreamError {
  throwIfLoginCode(code, cookie);
  return businessError(code, 'collect-state read');
}
