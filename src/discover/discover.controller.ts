import { CacheTTL } from '@nestjs/cache-manager';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, UPSTREAM_ERRORS } from '../common/api-docs';
import { FetchesShapeSupplements } from '../common/shape-supplements';
import { withOldNames } from '../common/answer-schema';
import {
  DigitalAlbumsPage,
  ImageUrlAnswer,
  LISTEN_NUM_RENAMES,
  RadioGroupsAnswer,
  REC_CHART_RENAMES,
  REC_SONG_RENAMES,
  RecommendAnswer,
  TicketInfoAnswer,
} from './discover.answers';
import { DiscoverService } from './discover.service';
import { GetDigitalAlbumListsQuery, GetImageUrlQuery } from './dto/discover.dto';

@ApiTags('discover')
@Controller()
export class DiscoverController {
  constructor(private readonly discover: DiscoverService) {}

  @Get('getImageUrl')
  @CacheTTL(86400)
  @ApiOperation({
    summary: 'Cover URL of an album, singer or MV',
    description: 'Built locally, never fetched: `https://y.gtimg.cn/music/photo_new/<T002|T001|T015>R<size>M000<id>.jpg?max_age=<maxAge>`.',
  })
  @ApiEnvelope('The image URL.', { imageUrl: 'https://y.gtimg.cn/music/photo_new/T002R500x500M000002MiVxC2Ibwf1.jpg?max_age=2592000' }, ImageUrlAnswer)
  @ApiErrorResponses(400)
  getImageUrl(@Query() query: GetImageUrlQuery) {
    return this.discover.getImageUrl(query);
  }

  @Get('getDigitalAlbumLists')
  @CacheTTL(1800)
  @ApiOperation({
    summary: 'Digital albums on sale',
    description: 'Upstream CGI `musicmall.fcg?cmd=pc_index_new` (unverified source); the upstream list is paged locally, `total` = its length.',
  })
  @ApiEnvelope('A page of digital albums.', {
    albums: [{ albumMid: '002MiVxC2Ibwf1', albumName: '最伟大的作品', singerName: '周杰伦', cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000002MiVxC2Ibwf1.jpg', price: 30 }],
    total: 48,
  }, DigitalAlbumsPage)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getDigitalAlbumLists(@Query() query: GetDigitalAlbumListsQuery) {
    return this.discover.getDigitalAlbumLists(query);
  }

  @Get('getRadioLists')
  @FetchesShapeSupplements()
  @CacheTTL(3600)
  @ApiOperation({
    summary: 'Radio stations by group',
    description: 'Upstream `pf.radiosvr`/`GetRadiolist`; on a business error the CGI `fcg_v8_radiolist.fcg` (its groups carry no id: the index is used). No parameters.',
  })
  @ApiEnvelope('Radio groups.', { groups: [{ id: 0, name: '热门', radios: [withOldNames({ id: 99, name: '猜你喜欢', cover: 'https://y.gtimg.cn/music/photo/radio/track_radio_99_13_3.jpg', listen_num: 1200000 }, LISTEN_NUM_RENAMES)] }] }, RadioGroupsAnswer)
  @ApiErrorResponses(...UPSTREAM_ERRORS)
  getRadioLists() {
    return this.discover.getRadioLists();
  }

  @Get('getRecommend')
  @CacheTTL(600)
  @ApiOperation({
    summary: 'Home-page recommendations',
    description:
      'One musicu POST with five keys (playlists, new songs, new albums, charts, focus). A failing key leaves its list empty and is listed in `errors`; ' +
      'only when every key fails is the answer an error (mapped from the first key\'s code). No parameters.',
  })
  @ApiEnvelope('The recommendation lists.', {
    playlists: [withOldNames({ dissid: '7024415872', dissname: '华语经典', cover: 'https://qpic.y.qq.com/music_cover/abc/300', listen_num: 1520000 }, LISTEN_NUM_RENAMES)],
    newSongs: [withOldNames({ songmid: '0039MnYb0qxYhV', songid: 97773, songname: '晴天', singers: [{ mid: '0025NhlN2yWrP4', name: '周杰伦' }] }, REC_SONG_RENAMES)],
    newAlbums: [{ albumMid: '000MkMni19ClKG', albumName: '叶惠美', singerName: '周杰伦', cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000000MkMni19ClKG.jpg' }],
    charts: [withOldNames({ id: 62, name: '飙升榜', cover: 'https://y.gtimg.cn/music/photo_new/T003R300x300M000001.jpg', listen_num: 2000000, period: '2026-11-21' }, REC_CHART_RENAMES)],
    focus: [{ id: '21302', title: 'Banner', cover: 'https://y.gtimg.cn/music/common/upload/focus.jpg', jumpUrl: 'https://y.qq.com/' }],
    errors: [{ key: 'focus', module: 'QQMusic.MusichallServer.GetFocus', code: 2000 }],
  }, RecommendAnswer)
  @ApiErrorResponses(...UPSTREAM_ERRORS)
  getRecommend() {
    return this.discover.getRecommend();
  }

  @Get('getTicketInfo')
  @CacheTTL(600)
  @ApiOperation({
    summary: 'Concert tickets and show types',
    description: 'Upstream `mall.ticket_index_page_svr`/`GetTicketIndexPage` + `GetShowTypeList` (unverified source). No parameters.',
  })
  @ApiEnvelope('Shows and show types.', {
    shows: [{ id: '1001', name: '周杰伦嘉年华世界巡回演唱会', city: '上海', time: '2026-12-24 19:30', cover: 'https://y.gtimg.cn/music/ticket/1001.jpg', price: '380-1880' }],
    types: [{ id: 1, name: '演唱会' }],
  }, TicketInfoAnswer)
  @ApiErrorResponses(...UPSTREAM_ERRORS)
  getTicketInfo() {
    return this.discover.getTicketInfo();
  }
}
