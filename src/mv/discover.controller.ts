import { Controller, Get, Query } from '@nestjs/common';
import { DiscoverService } from './discover.service';
import { GetDigitalAlbumListsQuery, GetImageUrlQuery } from './dto/discover.dto';

@Controller()
export class DiscoverController {
  constructor(private readonly discover: DiscoverService) {}

  @Get('getImageUrl')
  getImageUrl(@Query() query: GetImageUrlQuery) {
    return this.discover.getImageUrl(query);
  }

  @Get('getDigitalAlbumLists')
  getDigitalAlbumLists(@Query() query: GetDigitalAlbumListsQuery) {
    return this.discover.getDigitalAlbumLists(query);
  }

  @Get('getRadioLists')
  getRadioLists() {
    return this.discover.getRadioLists();
  }

  @Get('getRecommend')
  getRecommend() {
    return this.discover.getRecommend();
  }

  @Get('getTicketInfo')
  getTicketInfo() {
    return this.discover.getTicketInfo();
  }
}
