import { CacheTTL } from '@nestjs/cache-manager';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, UPSTREAM_ERRORS } from '../common/api-docs';
import { FetchesShapeSupplements } from '../common/shape-supplements';
import { GetSingerListQuery, GetSingerMvQuery, SingerMidQuery, SingerPagedQuery } from './dto/singer-query.dto';
import { withOldNames } from '../common/answer-schema';
import {
  SimilarSingers,
  SINGER_ALBUM_RENAMES,
  SINGER_MV_RENAMES,
  SingerAlbumsPage,
  SingerDescAnswer,
  SingerFanCount,
  SingerListPage,
  SingerMvsPage,
  SingerSongsPage,
} from './singers.answers';
import { SingersService } from './singers.service';

const SINGER = '0025NhlN2yWrP4';
const SINGER_PIC = `https://y.gtimg.cn/music/photo_new/T001R300x300M000${SINGER}.jpg`;

@ApiTags('singers')
@Controller()
export class SingersController {
  constructor(private readonly singers: SingersService) {}

  @Get('getSingerList')
  @CacheTTL(3600)
  @ApiOperation({
    summary: 'Singers filtered by area, sex and genre',
    description: 'Upstream musicu singer list (pages of 80; the genre codes pick the module), sliced to page × limit. `total` is upstream\'s total for the filter.',
  })
  @ApiEnvelope('A page of singers.', { singers: [{ singerName: '周杰伦', singerMID: SINGER, singerPic: SINGER_PIC }], total: 6000 }, SingerListPage)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSingerList(@Query() query: GetSingerListQuery) {
    return this.singers.getSingerList(query);
  }

  @Get('getSingerDesc')
  @CacheTTL(86400)
  @ApiOperation({
    summary: 'Singer biography',
    description: 'Upstream XML CGI `fcg_get_singer_desc.fcg`. `basic` and `other` keep every item as `{ key, value }`; an answer without info gives empty strings/lists.',
  })
  @ApiEnvelope('The biography.', {
    singerMID: SINGER,
    desc: '周杰伦，华语流行乐男歌手…',
    birth: '1979-01-18',
    birthPlace: '台湾省新北市',
    name: '周杰伦',
    basic: [{ key: '中文名', value: '周杰伦' }],
    other: [{ key: '代表作品', value: '晴天' }],
  }, SingerDescAnswer)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSingerDesc(@Query() query: SingerMidQuery) {
    return this.singers.getSingerDesc(query);
  }

  @Get('getSingerHotsong')
  @FetchesShapeSupplements()
  @CacheTTL(1800)
  @ApiOperation({ summary: 'A singer\'s most popular songs', description: 'Upstream `musichall.song_list_server`/`GetSingerSongList` (begin = page × limit).' })
  @ApiEnvelope('A page of songs.', {
    singerMID: SINGER,
    songs: [{ songmid: '0039MnYb0qxYhV', songid: 97773, songname: '晴天', singer: '周杰伦', albumName: '叶惠美', albumMid: '000MkMni19ClKG', interval: 269 }],
    total: 560,
  }, SingerSongsPage)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSingerHotsong(@Query() query: SingerPagedQuery) {
    return this.singers.getSingerHotsong(query);
  }

  @Get('getSingerAlbum')
  @CacheTTL(3600)
  @ApiOperation({ summary: 'A singer\'s albums', description: 'Upstream `music.musichallAlbum.AlbumListServer`/`GetAlbumList` (begin = page × limit). `cover` is the T002 URL of the album MID.' })
  @ApiEnvelope('A page of albums.', {
    singerMID: SINGER,
    albums: [
      withOldNames(
        { albumMid: '000MkMni19ClKG', albumName: '叶惠美', publicTime: '2003-07-31', songCount: 11, cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000000MkMni19ClKG.jpg' },
        SINGER_ALBUM_RENAMES,
      ),
    ],
    total: 30,
  }, SingerAlbumsPage)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSingerAlbum(@Query() query: SingerPagedQuery) {
    return this.singers.getSingerAlbum(query);
  }

  @Get('getSingerMv')
  @FetchesShapeSupplements()
  @CacheTTL(3600)
  @ApiOperation({ summary: 'A singer\'s MVs', description: 'Upstream `MvService.MvInfoProServer`/`GetSingerMvList`; `order` listen → upstream order 1, time → 0; `publishDate` is Unix seconds; start = page × limit.' })
  @ApiEnvelope('A page of MVs.', {
    singerMID: SINGER,
    order: 'listen',
    mvs: [
      withOldNames(
        { vid: 'l0031ejo935', mvId: 1518390, title: '晴天', cover: 'https://y.gtimg.cn/music/photo_new/T015R640x360M101000lVZkX2XLvNk.jpg', listen_num: 1520000, publishDate: 1700000000 },
        SINGER_MV_RENAMES,
      ),
    ],
    total: 120,
  }, SingerMvsPage)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSingerMv(@Query() query: GetSingerMvQuery) {
    return this.singers.getSingerMv(query);
  }

  @Get('getSimilarSinger')
  @CacheTTL(86400)
  @ApiOperation({ summary: 'Singers similar to a singer', description: 'Upstream `music.SimilarSingerSvr`/`GetSimilarSingerList`, falling back to the CGI `fcg_v8_simsinger.fcg`. At most 10 singers.' })
  @ApiEnvelope('Similar singers.', { singerMID: SINGER, singers: [{ singerMID: '001JDzPT3JdvqK', singerName: '林俊杰', singerPic: 'https://y.gtimg.cn/music/photo_new/T001R300x300M000001JDzPT3JdvqK.jpg' }] }, SimilarSingers)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSimilarSinger(@Query() query: SingerMidQuery) {
    return this.singers.getSimilarSinger(query);
  }

  @Get('getSingerStarNum')
  @CacheTTL(600)
  @ApiOperation({ summary: 'Fan count of a singer', description: 'Upstream CGI `fcg_order_singer_getnum.fcg`; a body without a recognisable count → 502 UPSTREAM_BAD_RESPONSE.' })
  @ApiEnvelope('The fan count.', { singerMID: SINGER, fanCount: 31000000 }, SingerFanCount)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSingerStarNum(@Query() query: SingerMidQuery) {
    return this.singers.getSingerStarNum(query);
  }
}
