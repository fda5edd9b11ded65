import { CacheTTL } from '@nestjs/cache-manager';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, UPSTREAM_ERRORS } from '../common/api-docs';
import { FetchesShapeSupplements } from '../common/shape-supplements';
import { GetMvByTagQuery, GetMvPlayQuery, GetMvQuery } from './dto/mv.dto';
import { withOldNames } from '../common/answer-schema';
import { MV_INFO_RENAMES, MV_ITEM_RENAMES, MvByTagAnswer, MvListAnswer, MvPlayAnswer } from './mv.answers';
import { MvService } from './mv.service';

const MV_ITEM = withOldNames(
  {
    vid: 'l0031ejo935',
    mvId: 1518390,
    title: '晴天',
    cover: 'https://y.gtimg.cn/music/photo_new/T015R640x360M101000lVZkX2XLvNk.jpg',
    listen_num: 1520000,
    interval: 269,
    publishDate: 1700000000,
    singers: [{ mid: '0025NhlN2yWrP4', name: '周杰伦' }],
  },
  MV_ITEM_RENAMES,
);

@ApiTags('mv')
@Controller()
export class MvController {
  constructor(private readonly mv: MvService) {}

  @Get('getMv')
  @CacheTTL(1800)
  @ApiOperation({
    summary: 'MV list by area and version',
    description: 'Upstream `MvService.MvInfoProxy`/`GetAllocMvInfo` (start = page × limit, size = limit). `interval` is seconds, `publishDate` Unix seconds.',
  })
  @ApiEnvelope('A page of MVs; `tags` lists the area/version ids when upstream sends them.', {
    list: [MV_ITEM],
    total: 1000,
    tags: { area: [{ id: 15, name: '全部' }], version: [{ id: 7, name: '全部' }] },
  }, MvListAnswer)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getMv(@Query() query: GetMvQuery) {
    return this.mv.getMv(query);
  }

  @Get('getMvPlay')
  @FetchesShapeSupplements()
  @CacheTTL(300)
  @ApiOperation({
    summary: 'Play URLs of an MV by clarity',
    description:
      'Upstream `music.stream.MvUrlProxy`/`GetMvUrls` (H.264) + `video.VideoDataServer`/`get_video_info_batch`; on a business error the older `gosrf.Stream.MvUrlProxy` call. ' +
      '`playLists` always has f10, f20, f30 and f40 (possibly empty). A failing info key only blanks `info`.',
  })
  @ApiEnvelope('The URLs by clarity and the MV info.', {
    vid: 'l0031ejo935',
    playLists: { f10: ['https://mv6.music.tc.qq.com/….f10.mp4'], f20: ['https://mv6.music.tc.qq.com/….f20.mp4'], f30: [], f40: [] },
    info: withOldNames({ title: '晴天', cover: 'https://y.gtimg.cn/music/photo_new/T015R640x360M101000lVZkX2XLvNk.jpg', interval: 269, singers: [{ mid: '0025NhlN2yWrP4', name: '周杰伦' }] }, MV_INFO_RENAMES),
  }, MvPlayAnswer)
  @ApiErrorResponses(
    400,
    ...UPSTREAM_ERRORS,
    { status: 502, description: 'Upstream gave no URL data for the vid.', errorCodes: ['MV_URL_UNAVAILABLE'] },
  )
  getMvPlay(@Query() query: GetMvPlayQuery) {
    return this.mv.getMvPlay(query);
  }

  @Get('getMvByTag')
  @CacheTTL(1800)
  @ApiOperation({
    summary: 'MV list by area tag',
    description: 'The tag is mapped to a GetAllocMvInfo area (all→15, neidi→8, gangtai→5, oumei→6, korea→7, janpan→4; version 7 = all); limit and page are honoured.',
  })
  @ApiEnvelope('A page of MVs of that area.', { tag: 'korea', area: 7, list: [MV_ITEM], total: 1000 }, MvByTagAnswer)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getMvByTag(@Query() query: GetMvByTagQuery) {
    return this.mv.getMvByTag(query);
  }
}
