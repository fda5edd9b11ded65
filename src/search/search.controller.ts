import { Controller, Get, Query } from '@nestjs/common';
import { GetSearchByKeyQuery } from './dto/get-search-by-key.dto';
import { GetSmartboxQuery } from './dto/get-smartbox.dto';
import { SearchService } from './search.service';

@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get('getSearchByKey')
  getSearchByKey(@Query() query: GetSearchByKeyQuery) {
    return this.search.getSearchByKey(query);
  }

  @Get('getHotkey')
  getHotkey() {
    return this.search.getHotkey();
  }

  @Get('getSmartbox')
  getSmartbox(@Query() query: GetSmartboxQuery) {
    return this.search.getSmartbox(query);
  }

  @Get('getTopLists')
  getTopLists() {
    return this.search.getTopLists();
  }
}
