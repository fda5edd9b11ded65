import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { BatchGetSongInfoBody } from './dto/batch-get-song-info.dto';
import { GetAlbumInfoQuery } from './dto/get-album-info.dto';
import { GetLyricQuery } from './dto/get-lyric.dto';
import { GetSongInfoQuery } from './dto/get-song-info.dto';
import { DownloadMainMusicQuery, GetMusicPlayQuery } from './dto/music-play.dto';
import { MusicService } from './music.service';

@Controller()
export class MusicController {
  constructor(private readonly music: MusicService) {}

  @Get('getSongInfo')
  getSongInfo(@Query() query: GetSongInfoQuery) {
    return this.music.getSongInfo(query);
  }

  @Get('getMusicPlay')
  getMusicPlay(@Query() query: GetMusicPlayQuery) {
    return this.music.getMusicPlay(query);
  }

  @Get('downloadMainMusic')
  downloadMainMusic(@Query() query: DownloadMainMusicQuery) {
    return this.music.downloadMainMusic(query);
  }

  @Get('getLyric')
  getLyric(@Query() query: GetLyricQuery) {
    return this.music.getLyric(query);
  }

  @Get('getAlbumInfo')
  getAlbumInfo(@Query() query: GetAlbumInfoQuery) {
    return this.music.getAlbumInfo(query);
  }

  @Post('batchGetSongInfo')
  @HttpCode(200)
  batchGetSongInfo(@Body() body: BatchGetSongInfoBody) {
    return this.music.batchGetSongInfo(body);
  }
}
