import { Injectable } from '@nestjs/common';
import { Shaped } from '../common/shaped';
import type { LegacyFanAnswer, LegacyFavWriteAnswer } from '../library/collections.answers';
import { fanFlags } from '../library/collections.mapper';
import { CollectionsService } from '../library/collections.service';
import type { GetIsAlbumFanBody, GetIsPlaylistFanBody, SetAlbumFavBody, SetPlaylistFavBody } from './legacy-collections.dto';

/**
 * The Koa fork's (Yuuz12/qq-music-api) collect routes over the gateway's own (docs/legacy.md "Collections"): its
 * parameter names, `isFan` meaning the current state, and its answers `{ response: { code, data } }` in either shape.
 */
@Injectable()
export class LegacyCollectionsService {
  constructor(private readonly collections: CollectionsService) {}

  async setPlaylistFav(body: SetPlaylistFavBody): Promise<Shaped> {
    const done = await this.collections.setPlaylistCollect({ dissid: body.disstid, collect: !body.isFan });
    return writeAnswer(done);
  }

  async setAlbumFav(body: SetAlbumFavBody): Promise<Shaped> {
    const done = await this.collections.setAlbumCollect({ albummid: body.albumMid, collect: !body.isFan });
    return writeAnswer(done);
  }

  async getIsPlaylistFan(body: GetIsPlaylistFanBody): Promise<Shaped> {
    if (!body.disstids.length) return fanAnswer({});
    const read = await this.collections.getPlaylistCollectState({ dissids: body.disstids.join(',') });
    return fanAnswer(collectedOf(read));
  }

  async getIsAlbumFan(body: GetIsAlbumFanBody): Promise<Shaped> {
    if (!body.albummids.length) return fanAnswer({});
    const read = await this.collections.getAlbumCollectState({ albummids: body.albummids.join(',') });
    return fanAnswer(collectedOf(read));
  }
}

/** The fork's write answer: code 0 and the upstream envelope under `data.raw`. */
function writeAnswer(done: Shaped): Shaped {
  const body: LegacyFavWriteAnswer = { response: { code: 0, data: { raw: done.raw as Record<string, unknown> } } };
  return new Shaped(body, body.response);
}

/** The fork's state answer: `req_0` of one musicu key, `data.m_fan` 1 / 0 per id. */
function fanAnswer(states: Record<string, boolean>): Shaped {
  const body: LegacyFanAnswer = { response: { code: 0, req_0: { code: 0, data: { m_fan: fanFlags(states) } } } };
  return new Shaped(body, body.response);
}

const collectedOf = (read: Shaped): Record<string, boolean> => (read.body as { data: { collected: Record<string, boolean> } }).data.collected;
