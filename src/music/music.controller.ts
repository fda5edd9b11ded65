import { Controller, Get, Query } from '@nestjs/common';
import { GetSongInfoQuery } from './dto/get-song-info.dto';
import { MusicService } from './music.service';

@Controller()
export class MusicController {
  constructor(private readonly music: MusicService) {}

  @Get('getSongInfo')
  getSongInfo(@Query() query: GetSongInfoQuery) {
    return this.music.getSongInfo(query);
  }
}
