import { HttpStatus, Injectable } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { envelope, type Envelope, Shaped } from '../common/shaped';
import { UserClient } from '../upstream/clients/user.client';
import { GetUserAvatarQuery } from './dto/get-user-avatar.dto';
import { GetUserPlaylistsQuery } from './dto/get-user-playlists.dto';
import {
  avatarUrl,
  DEFAULT_AVATAR_SIZE,
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  mapUserPlaylists,
  playlistSubtitles,
  snapAvatarSize,
} from './user.mapper';
import type { UserAvatarAnswer, UserPlaylistsPage } from './user.answers';
import { checkHomepage, readUin, requireLoginCookie } from './user-login';

const UIN_REQUIRED_MESSAGE = 'uin is required: the QQ number whose playlists to list (only with a login cookie may it be left out, for the login\'s own account)';

export const EMPTY_PLAYLISTS_MESSAGE =
  'This account has no visible playlists: it has created none, or they are private';

@Injectable()
export class UserService {
  constructor(private readonly user: UserClient) {}

  async getUserPlaylists(query: GetUserPlaylistsQuery): Promise<Shaped<Envelope<UserPlaylistsPage>>> {
    const inPlay = this.user.effectiveCookie();
    // The spec makes uin required: only a login may stand in for it (its own account), so with neither, uin is missing.
    if (!query.uin && !inPlay) throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', UIN_REQUIRED_MESSAGE);
    const cookie = requireLoginCookie(inPlay);
    const uin = readUin(query.uin, cookie);
    // Its login and unknown-user codes have their own answers here (LOGIN_EXPIRED, USER_NOT_FOUND).
    const homepage = checkHomepage(await this.user.homepage(uin), cookie, uin);
    const all = mapUserPlaylists(homepage);
    // `?? default`: an empty parameter (`limit=`) reaches here as undefined, not as the DTO default.
    const offset = query.offset ?? DEFAULT_OFFSET;
    const limit = query.limit ?? DEFAULT_LIMIT;
    const data: UserPlaylistsPage = {
      playlists: all.slice(offset, offset + limit),
      total: all.length,
    };
    if (!all.length) data.message = EMPTY_PLAYLISTS_MESSAGE;
    // The spec: "the upstream raw payload of the user playlists endpoint is not passed through" — so the legacy
    // `raw` slot gets the normalised answer too (the homepage payload carries encrypt_uin and other account data),
    // plus each playlist's raw `subtitle` ("N首"), the only song count some items carry (legacy adapter).
    return envelope(data, { code: 0, data, subtitles: playlistSubtitles(homepage) });
  }

  /** Built locally (docs/upstream/user.md "Avatar URL"): no upstream call, no login needed. */
  getUserAvatar(query: GetUserAvatarQuery): Shaped<UserAvatarAnswer> {
    if (query.k === undefined && query.uin === undefined) {
      throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'k or uin is required');
    }
    const requested = query.size ?? DEFAULT_AVATAR_SIZE; // absent; an empty `size=` is refused by the DTO
    const size = snapAvatarSize(requested);
    const url = query.k !== undefined ? avatarUrl({ k: query.k }, size) : avatarUrl({ uin: query.uin as string }, size);
    const message =
      size === requested
        ? 'avatar URL built'
        : `avatar URL built; size ${requested} is not a supported size, using the nearest one (${size})`;
    const inner: UserAvatarAnswer['response'] = { code: 0, data: { avatarUrl: url, message } };
    return new Shaped({ response: inner }, inner);
  }
}
