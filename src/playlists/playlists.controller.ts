import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { BatchGetSongListsBody } from './dto/batch-get-song-lists.dto';
import { GetNewDisksQuery } from './dto/get-new-disks.dto';
import { GetSongListDetailQuery } from './dto/get-song-list-detail.dto';
import { GetSongListsQuery } from './dto/get-song-lists.dto';
import { PlaylistsService } from './playlists.service';

@Controller()
export class PlaylistsController {
  constructor(private readonly playlists: PlaylistsService) {}

  @Get('getSongLists')
  getSongLists(@Query() query: GetSongListsQuery) {
    return this.playlists.getSongLists(query);
  }

  @Get('getSongListCategories')
  getSongListCategories() {
    return this.playlists.getSongListCategories();
  }

  @Get('getSongListDetail')
  getSongListDetail(@Query() query: GetSongListDetailQuery) {
    return this.playlists.getSongListDetail(query);
  }

  @Post('batchGetSongLists')
  @HttpCode(200)
  batchGetSongLists(@Body() body: BatchGetSongListsBody) {
    return this.playlists.batchGetSongLists(body);
  }

  @Get('getNewDisks')
  getNewDisks(@Query() query: GetNewDisksQuery) {
    return this.playlists.getNewDisks(query);
  }
}
