import { HttpStatus, Injectable } from '@nestjs/common';
import { cookieUin, parseCookie } from '../common/cookie';
import { GatewayError } from '../common/http-error';
import { Shaped } from '../common/shaped';
import { CollectionsService } from '../library/collections.service';
import { LibrarySongsService } from '../library/library-songs.service';
import { MusicService } from '../music/music.service';
import { UserClient } from '../upstream/clients/user.client';
import { mapFollowedSingers } from '../user/user-extra.mapper';
import { codeOf, requireLoginCookie, throwIfLoginCode, userNotFound } from '../user/user-login';
import type {
  JsososoSongAnswer,
  PlaylistSubscriptionWriteAnswer,
  SingerSubscriptionAnswer,
  SingerSubscriptionWriteAnswer,
  SongFavoriteAnswer,
} from './legacy-app-routes.answers';
import type {
  JsososoSongQuery,
  SetPlaylistSubscriptionBody,
  SetSingerSubscriptionBody,
  SetSongFavoriteBody,
  SingerSubscriptionQuery,
} from './legacy-app-routes.dto';

/** Followed singers read per page, and the pages read at most, when looking one singer up (1000 follows). */
const FOLLOW_PAGE = 100;
const FOLLOW_PAGES = 10;
const NO_ACCOUNT_MESSAGE =
  'The login cookie names no account (uin, qqmusic_uin or p_uin), so the gateway cannot tell whose follows to read: send the whole cookie of a login';

/** The same body in both shapes: these servers answer it at the top level. */
const plain = <T>(body: T): Shaped<T> => new Shaped(body, body);

/**
 * The routes WQTY-MASTER/tiaolv-music calls on its server and jsososo/QQMusicApi's /song (docs/legacy.md "App
 * routes"), over the gateway's library writes, followed-singers list and song detail: no upstream call of their own.
 */
@Injectable()
export class LegacyAppRoutesService {
  constructor(
    private readonly songs: LibrarySongsService,
    private readonly collections: CollectionsService,
    private readonly music: MusicService,
    private readonly user: UserClient,
  ) {}

  async setSongFavorite({ mid, liked }: SetSongFavoriteBody): Promise<Shaped<SongFavoriteAnswer>> {
    const done = (await this.songs.setSongLike({ songmid: mid, like: liked })).body as { data: SongFavoriteAnswer['response']['data'] };
    return plain({ response: { code: 0, data: done.data } });
  }

  async setSingerSubscription({ singermid, subscribed }: SetSingerSubscriptionBody): Promise<Shaped<SingerSubscriptionWriteAnswer>> {
    await this.collections.setSingerFollow({ singermid, follow: subscribed });
    return plain({ response: { code: 0, data: { singermid, subscribed } } });
  }

  async setPlaylistSubscription({ id, subscribed }: SetPlaylistSubscriptionBody): Promise<Shaped<PlaylistSubscriptionWriteAnswer>> {
    await this.collections.setPlaylistCollect({ dissid: id, collect: subscribed });
    return plain({ response: { code: 0, data: { id, subscribed } } });
  }

  /**
   * Whether the account of the cookie in play follows `singermid`, read from its followed-singers list (the CGI of
   * /user/getUserFollowSingers, docs/upstream/user.md "Followed singers"), page by page until found or the list ends.
   */
  async getSingerSubscription({ singermid }: SingerSubscriptionQuery): Promise<Shaped<SingerSubscriptionAnswer>> {
    const cookie = requireLoginCookie(this.user.effectiveCookie());
    const uin = cookieUin(parseCookie(cookie));
    if (uin === '0') throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_REQUIRED', NO_ACCOUNT_MESSAGE);
    let followed = false;
    for (let page = 1; page <= FOLLOW_PAGES && !followed; page++) {
      const raw = await this.user.followedSingers(uin, page, FOLLOW_PAGE);
      const code = codeOf(raw);
      throwIfLoginCode(code, cookie);
      if (code !== 0) throw userNotFound(uin, code);
      const singers = mapFollowedSingers(raw);
      followed = singers.some((s) => s.singerMID === singermid);
      if (singers.length < FOLLOW_PAGE) break;
    }
    return plain({ response: { code: 0, req_1: { code: 0, data: { map_singer_status: { [singermid]: followed ? 1 : 0 } } } } });
  }

  /** jsososo/QQMusicApi's `{ result: 100, data: { track_info, info, extras } }`, from /getSongInfo's detail. */
  async song({ songmid }: JsososoSongQuery): Promise<Shaped<JsososoSongAnswer>> {
    const info = await this.music.getSongInfo({ songmid });
    return plain({ result: 100, data: info.body.songinfo.data });
  }
}
