import { HttpStatus, Injectable } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { envelope, type Envelope, Shaped } from '../common/shaped';
import type { CollectedAlbumsPage, CollectedPlaylistsPage, FollowedSingersPage, LikedSongsPage, SocialUsersPage, UserDetail, UserLikedSongs } from './user.answers';
import { CollectionKind, UserClient } from '../upstream/clients/user.client';
import { DEFAULT_PAGE, DEFAULT_PAGE_LIMIT, UserPagedQuery, UserUinQuery } from './dto/user-extra.dto';
import {
  findLikedEntry,
  mapCollectedAlbums,
  mapCollectedPlaylists,
  mapFollowedSingers,
  mapLikedInfo,
  mapLikedSongs,
  mapSocialUsers,
  mapUserDetail,
  totalOf,
} from './user-extra.mapper';
import { checkHomepage, codeOf, readUin, requireLoginCookie, throwIfLoginCode, userNotFound } from './user-login';

/**
 * The user profile routes newer sansenjian/qq-music-api versions added (docs/legacy.md): profile, liked list, what
 * the user collected, follows and is followed by. Each needs a login cookie, like getUserPlaylists. The legacy `raw`
 * is the upstream answer (those services pass it through), except where noted.
 */
@Injectable()
export class UserExtraService {
  constructor(private readonly user: UserClient) {}

  async getUserDetail(query: UserUinQuery): Promise<Shaped<Envelope<UserDetail>>> {
    const cookie = requireLoginCookie(this.user.effectiveCookie());
    const uin = readUin(query.uin, cookie);
    const raw = await this.user.homepage(uin);
    return envelope(mapUserDetail(checkHomepage(raw, cookie, uin), uin), raw);
  }

  async getUserLikedSongs(query: UserUinQuery): Promise<Shaped<Envelope<UserLikedSongs>>> {
    const cookie = requireLoginCookie(this.user.effectiveCookie());
    const uin = readUin(query.uin, cookie);
    const raw = await this.user.homepage(uin);
    const entry = findLikedEntry(checkHomepage(raw, cookie, uin));
    const liked = entry ? mapLikedInfo(entry) : null;
    return envelope({ liked, total: liked?.songCount ?? 0 }, raw);
  }

  /**
   * A page of the account's 我喜欢 songs (docs/upstream/library.md "Read the liked songs"): its homepage gives the
   * encrypt_uin (and answers the login and unknown-user codes as getUserDetail's), then CgiGetDiss on dirid 201 pages
   * the list. The answer is the normalised page in both shapes: the upstream one names the account (host uin, euin).
   */
  async getLikedSongs(query: UserPagedQuery): Promise<Shaped<Envelope<LikedSongsPage>>> {
    const cookie = requireLoginCookie(this.user.effectiveCookie());
    const { uin, page, limit } = this.paging(query, cookie);
    const home = checkHomepage(await this.user.homepage(uin), cookie, uin);
    const euin = home.creator?.encrypt_uin;
    if (typeof euin !== 'string' || !euin) throw userNotFound(uin, 0);
    const data = mapLikedSongs(await this.user.likedSongs(euin, page * limit, limit));
    return envelope(data, { code: 0, data });
  }

  async getUserCollected(kind: CollectionKind, query: UserPagedQuery): Promise<Shaped<Envelope<CollectedAlbumsPage | CollectedPlaylistsPage>>> {
    const cookie = requireLoginCookie(this.user.effectiveCookie());
    const { uin, page, limit } = this.paging(query, cookie);
    // The album range's end is inclusive, the playlist range's is not (as sansenjian/qq-music-api asks them).
    const sin = page * limit;
    const raw = this.listed(await this.user.collections(uin, kind, sin, kind === 'albums' ? sin + limit - 1 : sin + limit), cookie, uin);
    const data = raw.data ?? {};
    if (kind === 'albums') {
      const albums = mapCollectedAlbums(data);
      return envelope({ albums, total: totalOf([data.totalalbum], albums.length) }, raw);
    }
    const playlists = mapCollectedPlaylists(data);
    return envelope({ playlists, total: totalOf([data.totaldiss, data.total], playlists.length) }, raw);
  }

  async getUserFollowSingers(query: UserPagedQuery): Promise<Shaped<Envelope<FollowedSingersPage>>> {
    const cookie = requireLoginCookie(this.user.effectiveCookie());
    const { uin, page, limit } = this.paging(query, cookie);
    // Upstream pages from 1.
    const raw = this.listed(await this.user.followedSingers(uin, page + 1, limit), cookie, uin);
    const singers = mapFollowedSingers(raw);
    return envelope({ singers, total: totalOf([raw.num, raw.total], singers.length) }, raw);
  }

  /** `fans`: who follows the user (upstream `is_listen=1`); else whom the user follows. */
  async getUserFollowList(query: UserPagedQuery, fans: boolean): Promise<Shaped<Envelope<SocialUsersPage>>> {
    const cookie = requireLoginCookie(this.user.effectiveCookie());
    const { uin, page, limit } = this.paging(query, cookie);
    const raw = this.listed(await this.user.followList(uin, page * limit, limit, fans), cookie, uin);
    const users = mapSocialUsers(raw);
    return envelope({ users, total: totalOf([raw.num, raw.total], users.length) }, raw);
  }

  /** `?? default`: an empty parameter (`limit=`) reaches here as undefined, not as the DTO default. */
  private paging(query: UserPagedQuery, cookie: string) {
    return { uin: readUin(query.uin, cookie), page: query.page ?? DEFAULT_PAGE, limit: query.limit ?? DEFAULT_PAGE_LIMIT };
  }

  /** A list CGI's codes: login codes → 401 LOGIN_EXPIRED; another non-zero code → 404 (no such user, or private). */
  private listed(raw: Record<string, any>, cookie: string, uin: string): Record<string, any> {
    const code = codeOf(raw);
    throwIfLoginCode(code, cookie);
    if (code !== 0) {
      const message = `QQ Music shows no such list for uin ${uin} (upstream code ${code}): no such user, or the list is private`;
      throw new GatewayError(HttpStatus.NOT_FOUND, 'USER_NOT_FOUND', message, { upstreamCode: code });
    }
    return raw;
  }
}
