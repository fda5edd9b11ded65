import { HttpStatus, Injectable } from '@nestjs/common';
import { records } from '../common/catalogue';
import { GatewayError } from '../common/http-error';
import { envelope, Shaped } from '../common/shaped';
import { SingersClient } from '../upstream/clients/singers.client';
import {
  GetSingerListQuery,
  GetSingerMvQuery,
  SingerMidQuery,
  SingerPagedQuery,
} from './dto/singer-query.dto';
import { singerListWindow } from './singer-codes';
import type {
  SimilarSingers,
  SingerAlbumsPage,
  SingerDescAnswer,
  SingerFanCount,
  SingerListPage,
  SingerMvsPage,
  SingerSongsPage,
} from './singers.answers';
import {
  mapSimilarSinger,
  mapSingerAlbum,
  mapSingerDesc,
  mapSingerMv,
  mapSingerSong,
  pickFanCount,
  sliceSingerPages,
} from './singers.mapper';

@Injectable()
export class SingersService {
  constructor(private readonly singers: SingersClient) {}

  /** Filters translated per module, 0-based page of `limit` cut out of upstream's fixed 80-singer pages. */
  async getSingerList(q: GetSingerListQuery): Promise<Shaped> {
    const filter = { area: q.area ?? -1, sex: q.sex ?? -1, genre: q.genre ?? -1 };
    const page = q.page ?? 0;
    const limit = q.limit ?? 20;
    const window = singerListWindow(page, limit);
    const { raw, data: pages } = await this.singers.list(filter, window.pages);
    const singers = sliceSingerPages(pages, window.skip, limit);
    const answer: SingerListPage = { singers, total: Number(pages[0]?.total ?? 0) || 0 };
    return envelope(answer, raw);
  }

  /** `{desc, birth, birthPlace}` (+ name and every basic/other item) from the XML CGI. */
  async getSingerDesc(q: SingerMidQuery): Promise<Shaped> {
    const { text, info } = await this.singers.desc(q.singermid);
    const answer: SingerDescAnswer = { singerMID: q.singermid, ...mapSingerDesc(info) };
    return envelope(answer, text);
  }

  /** begin = page × limit, never negative (docs/upstream/singers.md "Singer songs"). */
  async getSingerHotsong(q: SingerPagedQuery): Promise<Shaped> {
    const { raw, data } = await this.singers.hotSongs(q.singermid, q.page * q.limit, q.limit);
    const answer: SingerSongsPage = { singerMID: q.singermid, songs: data.songs.map(mapSingerSong), total: data.total };
    return envelope(answer, raw);
  }

  async getSingerAlbum(q: SingerPagedQuery): Promise<Shaped> {
    const { raw, data } = await this.singers.albums(q.singermid, q.page * q.limit, q.limit);
    const answer: SingerAlbumsPage = { singerMID: q.singermid, albums: records(data.albumList).map(mapSingerAlbum), total: Number(data.total ?? 0) || 0 };
    return envelope(answer, raw);
  }

  async getSingerMv(q: GetSingerMvQuery): Promise<Shaped> {
    const order = q.order ?? 'listen';
    const { raw, data } = await this.singers.mvs(q.singermid, order, q.limit, q.page * q.limit);
    const answer: SingerMvsPage = { singerMID: q.singermid, order, mvs: records(data.list).map(mapSingerMv), total: Number(data.total ?? 0) || 0 };
    return envelope(answer, raw);
  }

  async getSimilarSinger(q: SingerMidQuery): Promise<Shaped> {
    const { raw, data } = await this.singers.similar(q.singermid);
    const answer: SimilarSingers = { singerMID: q.singermid, singers: data.map(mapSimilarSinger) };
    return envelope(answer, raw);
  }

  async getSingerStarNum(q: SingerMidQuery): Promise<Shaped> {
    const { raw } = await this.singers.fanCount(q.singermid);
    const fanCount = pickFanCount(raw);
    if (fanCount === undefined) {
      throw new GatewayError(HttpStatus.BAD_GATEWAY, 'UPSTREAM_BAD_RESPONSE', 'Upstream fcg_order_singer_getnum.fcg answered no fan count');
    }
    const answer: SingerFanCount = { singerMID: q.singermid, fanCount };
    return envelope(answer, raw);
  }
}
