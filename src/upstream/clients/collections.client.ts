import { Injectable } from '@nestjs/common';
import { cookieUin, hash33, parseCookie } from '../../common/cookie';
import { parseJsonOrJsonp } from '../parse';
import { businessError, UpstreamError, warrantsFallback } from '../upstream.errors';
import type { MusicuKeyResult } from '../upstream.types';
import { LIBRARY_WRITE } from './library-write';
import { UpstreamClient } from './upstream-client';

type Raw = Record<string, any>;

/** A write key's outcome: its code and data (code ≠ 0 included), and the envelope as received. */
export interface WriteAnswer {
  code: number;
  data: Raw;
  raw: Raw;
}

/** A follow write's answer: its code (the key's, else the one inside its data) and the body; which family answered. */
export interface FollowAnswer {
  code: number;
  raw: Raw;
  /** The web-session CGI answered (its codes have their own meanings: 1006, 104604). */
  viaWebSession: boolean;
}

/** The two album-write parameter forms the sources disagree on (docs/upstream/library.md "Collect / uncollect an album"). */
export type AlbumRef = { albumId: number } | { albumMid: string; uin: string };

const FOLLOW_PATH = { follow: '/rsc/fcgi-bin/fcg_order_singer_add.fcg', unfollow: '/rsc/fcgi-bin/fcg_order_singer_del.fcg' } as const;
const CONCERN = { module: 'Concern.ConcernSystemServer', method: 'cgi_concern_user_v2' } as const;

/**
 * Collecting playlists and albums, following singers, and reading that state (docs/upstream/library.md). Writes go
 * out once (LIBRARY_WRITE: Android comm, no retry, no sharing); the caller reads each key's code itself.
 */
@Injectable()
export class CollectionsClient extends UpstreamClient {
  /** docs/upstream/library.md "Collect / uncollect a playlist": `uin` must be the caller's encrypt_uin. */
  setPlaylistCollected(euin: string, dissid: number, collect: boolean): Promise<WriteAnswer> {
    const method = collect ? 'FavPlaylist' : 'CancelFavPlaylist';
    return this.write('music.musicasset.PlaylistFavWrite', method, { uin: euin, v_playlistId: [dissid] });
  }

  /** docs/upstream/library.md "Collect / uncollect an album": the numeric-id form, or the mid form with the account. */
  setAlbumCollected(album: AlbumRef, collect: boolean): Promise<WriteAnswer> {
    const method = collect ? 'FavAlbum' : 'CancelFavAlbum';
    const param = 'albumId' in album ? { v_albumId: [album.albumId] } : { uin: album.uin, v_albumMid: [album.albumMid] };
    return this.write('music.musicasset.AlbumFavWrite', method, param);
  }

  /**
   * docs/upstream/library.md "Collect / uncollect a playlist" (state read): `m_fan` by disstid, ids sent as numbers.
   * A read: the web comm the only source that calls it sends, safe to repeat.
   */
  async playlistFans(dissids: number[]): Promise<{ code: number; fans: Raw; raw: Raw }> {
    const { raw, results } = await this.musicuPartial(
      { fans: { module: 'music.musicasset.PlaylistFavRead', method: 'IsPlaylistFan', param: { v_tid: dissids } } },
    );
    return { code: results.fans.code, fans: (results.fans.data as Raw | null)?.m_fan ?? {}, raw };
  }

  /** docs/upstream/library.md "Collect / uncollect an album" (state read): `m_fan` by albummid. */
  async albumFans(albummids: string[]): Promise<{ code: number; fans: Raw; raw: Raw }> {
    const uin = cookieUin(parseCookie(this.effectiveCookie()));
    const { raw, results } = await this.musicuPartial(
      { fans: { module: 'music.musicasset.AlbumFavRead', method: 'IsAlbumFan', param: { uin, v_albumMid: albummids } } },
    );
    return { code: results.fans.code, fans: (results.fans.data as Raw | null)?.m_fan ?? {}, raw };
  }

  /** docs/upstream/music.md "Album": the album's numeric id (0 when upstream knows no such album). */
  async albumNumericId(albummid: string): Promise<number> {
    const res = await this.musicu({
      detail: { module: 'music.musichallAlbum.AlbumInfoServer', method: 'GetAlbumDetail', param: { albumMId: albummid } },
    });
    return Number(res.data.detail?.basicInfo?.albumID ?? 0) || 0;
  }

  /**
   * docs/upstream/library.md "Follow / unfollow a singer": the musicu concern write (opertype 0 follow, 1 unfollow),
   * which any login key authenticates; the web-session CGI when that write is refused with a code that warrants a
   * fallback and the cookie has the `p_skey` the CGI needs. A refusal applied nothing, so the CGI may be asked; a
   * lost answer (timeout, reset) is final: the follow may have landed.
   */
  async setSingerFollowed(singermid: string, follow: boolean, pSkey: string | undefined): Promise<FollowAnswer> {
    const target = `${CONCERN.module}.${CONCERN.method}`;
    try {
      const answer = await this.write(CONCERN.module, CONCERN.method, { opertype: follow ? 0 : 1, source: 0, userinfo: { usertype: 1, userid: singermid } });
      // Clients of this call check the code inside its data too: the key may say 0 while the write was refused.
      const code = answer.code || Number(answer.data.code ?? 0) || 0;
      if (code === 0 || !pSkey || !warrantsFallback(businessError(code, target))) return { code, raw: answer.raw, viaWebSession: false };
    } catch (err) {
      if (!pSkey || !warrantsFallback(err)) throw err;
    }
    this.fellBack(target);
    return this.followThroughWebSession(singermid, follow, pSkey);
  }

  /** The web-session CGI, form POST signed with g_tk = hash33(p_skey, 5381). Sent once, never shared. */
  private async followThroughWebSession(singermid: string, follow: boolean, pSkey: string): Promise<FollowAnswer> {
    const path = FOLLOW_PATH[follow ? 'follow' : 'unfollow'];
    const target = path.split('/').pop() as string;
    const gtk = hash33(pSkey, 5381);
    const body = new URLSearchParams({ singermid, format: 'json', g_tk: String(gtk), inCharset: 'utf-8', outCharset: 'utf-8' });
    const res = await this.fetch({
      host: 'c',
      path,
      method: 'POST',
      query: { g_tk: gtk },
      body: body.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: 'https://y.qq.com/', Origin: 'https://y.qq.com' },
      label: target,
    });
    let raw: unknown;
    try {
      raw = parseJsonOrJsonp(res.text);
    } catch {
      throw new UpstreamError('bad_body', `Upstream ${target} answered a body that is not JSON`, 'c', { target });
    }
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new UpstreamError('bad_body', `Upstream ${target} answered an unexpected body`, 'c', { target });
    }
    return { code: Number((raw as Raw).code ?? 0), raw, viaWebSession: true };
  }

  private async write(module: string, method: string, param: Record<string, unknown>): Promise<WriteAnswer> {
    const { raw, results } = await this.musicuPartial({ write: { module, method, param } }, LIBRARY_WRITE);
    const result = results.write as MusicuKeyResult | { code: number; data: null };
    return { code: result.code, data: (result.data as Raw | null) ?? {}, raw };
  }
}
