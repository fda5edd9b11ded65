import { Controller, Get, Query } from '@nestjs/common';
import { GetSingerListQuery, GetSingerMvQuery, SingerMidQuery, SingerPagedQuery } from './dto/singer-query.dto';
import { SingersService } from './singers.service';

@Controller()
export class SingersController {
  constructor(private readonly singers: SingersService) {}

  @Get('getSingerList')
  getSingerList(@Query() query: GetSingerListQuery) {
    return this.singers.getSingerList(query);
  }

  @Get('getSingerDesc')
  getSingerDesc(@Query() query: SingerMidQuery) {
    return this.singers.getSingerDesc(query);
  }

  @Get('getSingerHotsong')
  getSingerHotsong(@Query() query: SingerPagedQuery) {
    return this.singers.getSingerHotsong(query);
  }

  @Get('getSingerAlbum')
  getSingerAlbum(@Query() query: SingerPagedQuery) {
    return this.singers.getSingerAlbum(query);
  }

  @Get('getSingerMv')
  getSingerMv(@Query() query: GetSingerMvQuery) {
    return this.singers.getSingerMv(query);
  }

  @Get('getSimilarSinger')
  getSimilarSinger(@Query() query: SingerMidQuery) {
    return this.singers.getSimilarSinger(query);
  }

  @Get('getSingerStarNum')
  getSingerStarNum(@Query() query: SingerMidQuery) {
    return this.singers.getSingerStarNum(query);
  }
}
