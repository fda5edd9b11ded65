import { Controller, Get, Query } from '@nestjs/common';
import { GetMvByTagQuery, GetMvPlayQuery, GetMvQuery } from './dto/mv.dto';
import { MvService } from './mv.service';

@Controller()
export class MvController {
  constructor(private readonly mv: MvService) {}

  @Get('getMv')
  getMv(@Query() query: GetMvQuery) {
    return this.mv.getMv(query);
  }

  @Get('getMvPlay')
  getMvPlay(@Query() query: GetMvPlayQuery) {
    return this.mv.getMvPlay(query);
  }

  @Get('getMvByTag')
  getMvByTag(@Query() query: GetMvByTagQuery) {
    return this.mv.getMvByTag(query);
  }
}
