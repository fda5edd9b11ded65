import { HttpStatus, Injectable } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { envelope, type Envelope, type Shaped } from '../common/shaped';
import { MvClient } from '../upstream/clients/mv.client';
import { GetMvByTagQuery, GetMvPlayQuery, GetMvQuery, MV_TAG_AREAS } from './dto/mv.dto';
import { countPlayUrls, groupPlayLists, mapMvInfo, mapMvList, mapMvTags, mvUrlEntry } from './mv.mapper';
import type { MvByTagAnswer, MvListAnswer, MvPlayAnswer } from './mv.answers';

/** 0-based page → the MVs to skip (the Koa projects' `(page ? page−1 : 0)`, which made pages 0 and 1 equal, is not kept). */
const startOf = (page: number, limit: number): number => page * limit;

@Injectable()
export class MvService {
  constructor(private readonly mv: MvClient) {}

  /** MV list by area/version; the tag lists come in the same upstream call (a failing tag key only drops `tags`). */
  async getMv(query: GetMvQuery): Promise<Shaped<Envelope<MvListAnswer>>> {
    const { raw, list, tags } = await this.mv.listWithTags({
      area: query.area_id,
      version: query.version_id,
      start: startOf(query.page, query.limit),
      size: query.limit,
    });
    const data: MvListAnswer = mapMvList(list);
    if (tags !== undefined) data.tags = mapMvTags(tags);
    return envelope(data, raw);
  }

  /** MV list of one `lan` tag, mapped to an MV-list area (version 7 = all), with the spec's limit/page honoured. */
  async getMvByTag(query: GetMvByTagQuery): Promise<Shaped<Envelope<MvByTagAnswer>>> {
    const area = MV_TAG_AREAS[query.tag];
    const { raw, list } = await this.mv.list({ area, version: 7, start: startOf(query.page, query.limit), size: query.limit });
    const data: MvByTagAnswer = { tag: query.tag, area, ...mapMvList(list) };
    return envelope(data, raw);
  }

  /** Play URLs grouped by clarity plus the MV's title/cover/duration/singers. */
  async getMvPlay(query: GetMvPlayQuery): Promise<Shaped<Envelope<MvPlayAnswer>>> {
    const { vid } = query;
    const { raw, urls, info } = await this.mv.playUrls(vid);
    const entry = mvUrlEntry(urls, vid);
    const playLists = groupPlayLists(entry);
    if (!entry || countPlayUrls(playLists) === 0) {
      // Spec: empty upstream MV URL data → 502.
      throw new GatewayError(HttpStatus.BAD_GATEWAY, 'MV_URL_UNAVAILABLE', 'Failed to get MV URL data');
    }
    const data: MvPlayAnswer = { vid, playLists, info: mapMvInfo(info, vid) };
    return envelope(data, raw);
  }
}
