import { Body, Controller, HttpCode, Injectable, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPlainOk } from '../common/api-docs';
import { Shaped } from '../common/shaped';
import { LibraryAccount } from '../library/library-account';
import { LibraryWrite, OwnAccountRead, WHOSE_ACCOUNT } from '../library/library-docs';
import { ForkAnswer } from '../library/library-songs.answers';
import { distinctMids } from '../library/library-songs.mapper';
import { LibrarySongsService } from '../library/library-songs.service';
import { LegacyIsSongFanBody, LegacySetFavBody } from './legacy-library.dto';

/** The Koa fork's `{ response: { code: 0, data } }`, in either response shape. */
const forkAnswer = (data: unknown): Shaped => {
  const inner = { code: 0, data };
  return new Shaped({ response: inner }, inner);
};

/** The Koa fork's like routes over the gateway's library writes (docs/library.md "Legacy routes"). */
@Injectable()
export class LegacyLibraryService {
  constructor(
    private readonly account: LibraryAccount,
    private readonly songs: LibrarySongsService,
  ) {}

  /** `isFan` is the fork's "liked now", so true unlikes. The songs go out in one write, as the fork sends them. */
  async setFav({ songs, isFan }: LegacySetFavBody): Promise<Shaped> {
    const account = this.account.account();
    const refs = songs.map((s) => ({ songId: s.songId, songType: s.songType ?? 0 }));
    return forkAnswer(await this.songs.likeByIds(account, refs, !isFan));
  }

  async getIsSongFan({ songmids }: LegacyIsSongFanBody): Promise<Shaped> {
    const account = this.account.account();
    return forkAnswer(await this.songs.likedStateRaw(account, distinctMids(songmids)));
  }
}

/**
 * Routes of Yuuz12/qq-music-api, a player backend forked from the Koa project (docs/upstream/library.md "Routes apps
 * use (Koa project and its fork)"): its body shapes and its `{ response: { code, data } }` answer; errors are the
 * gateway's `{ error, errorCode }`.
 */
@ApiTags('legacy')
@Controller()
export class LegacyLibraryController {
  constructor(private readonly legacy: LegacyLibraryService) {}

  @LibraryWrite(
    'setFav',
    'Like or unlike songs by id (Yuuz12/qq-music-api\'s /setFav)',
    'As /user/setSongLike, by numeric song ids and for up to 30 songs in one write; `isFan: true` unlikes. Answer: `{ response: { code: 0, data: <upstream write data> } }` in either shape.',
  )
  @ApiBody({ type: LegacySetFavBody, examples: { like: { value: { dirId: 201, songs: [{ songId: 97773, songType: 0 }], isFan: false } } } })
  @ApiPlainOk('The fork\'s answer.', { response: { code: 0, data: { retCode: 0 } } }, ForkAnswer)
  setFav(@Body() body: LegacySetFavBody) {
    return this.legacy.setFav(body);
  }

  @Post('getIsSongFan')
  @HttpCode(200)
  @OwnAccountRead()
  @ApiOperation({
    summary: 'Whether the account likes each song (Yuuz12/qq-music-api\'s /getIsSongFan)',
    description: `As /user/getSongLikeState, by a JSON body. ${WHOSE_ACCOUNT} Never cached. Answer: \`{ response: { code: 0, data: { m_fan: { <mid>: 1 | 0 } } } }\` in either shape.`,
  })
  @ApiBody({ type: LegacyIsSongFanBody, examples: { two: { value: { songmids: ['0039MnYb0qxYhV', '003UkWuI0E8U0l'] } } } })
  @ApiPlainOk('The fork\'s answer.', { response: { code: 0, data: { m_fan: { '0039MnYb0qxYhV': 1, '003UkWuI0E8U0l': 0 } } } }, ForkAnswer)
  getIsSongFan(@Body() body: LegacyIsSongFanBody) {
    return this.legacy.getIsSongFan(body);
  }
}
