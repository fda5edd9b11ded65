import { CacheTTL } from '@nestjs/cache-manager';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, UPSTREAM_ERRORS } from '../common/api-docs';
import { GetSearchByKeyQuery } from './dto/get-search-by-key.dto';
import { GetSmartboxQuery } from './dto/get-smartbox.dto';
import { SearchService } from './search.service';

@ApiTags('search')
@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get('getSearchByKey')
  @CacheTTL(300)
  @ApiOperation({
    summary: 'Search songs, albums, playlists, singers, MVs or lyrics',
    description:
      'Upstream `music.search.SearchCgiService`/`DoSearchForQQMusicDesktop`; on a business error or an empty answer the signed `DoSearchForQQMusicMobile`; after two business errors the legacy CGI `client_search_cp`. `page` is 1-based here. `list` items depend on `type` ' +
      '(song: `{ songid, songmid, songname, singer, singers[], albumName, albumMid, albumId, interval }`; lyric: the song item + `lyric`; ' +
      'singer: `{ singerId, singerMid, singerName, singerPic, songNum, albumNum, mvNum }`; album: `{ albumId, albumMid, albumName, singerName, publicTime, cover, songCount }`; ' +
      'playlist: `{ dissid, dissname, creator, listen_num, imgurl, songCount }`; mv: `{ vid, mvId, mvName, singerName, cover, playCount, duration, publishDate }`).',
  })
  @ApiEnvelope('A page of results.', {
    key: '周杰伦',
    type: 'song',
    page: 1,
    limit: 5,
    total: 600,
    list: [{ songid: 97773, songmid: '0039MnYb0qxYhV', songname: '晴天', singer: '周杰伦', singers: [{ id: 4558, mid: '0025NhlN2yWrP4', name: '周杰伦' }], albumName: '叶惠美', albumMid: '000MkMni19ClKG', albumId: 8220, interval: 269 }],
  })
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSearchByKey(@Query() query: GetSearchByKeyQuery) {
    return this.search.getSearchByKey(query);
  }

  @Get('getHotkey')
  @CacheTTL(600)
  @ApiOperation({ summary: 'Hot search keywords', description: 'Upstream CGI `gethotkey.fcg`; keywords are trimmed, `score` is upstream\'s `n`. No parameters.' })
  @ApiEnvelope('The hot keywords.', { hotkeys: [{ keyword: '周杰伦', score: 2500000 }], specialKey: '新歌', specialUrl: 'https://y.qq.com/' })
  @ApiErrorResponses(...UPSTREAM_ERRORS)
  getHotkey() {
    return this.search.getHotkey();
  }

  @Get('getSmartbox')
  @CacheTTL(300)
  @ApiOperation({ summary: 'Search suggestions while typing', description: 'Upstream CGI `smartbox_new.fcg`; sections without matches are empty lists.' })
  @ApiEnvelope('Suggestions by kind.', {
    key: 'jay',
    songs: [{ id: 97773, mid: '0039MnYb0qxYhV', name: '晴天', singer: '周杰伦' }],
    singers: [{ id: 4558, mid: '0025NhlN2yWrP4', name: '周杰伦', singer: '周杰伦' }],
    albums: [{ id: 8220, mid: '000MkMni19ClKG', name: '叶惠美', singer: '周杰伦' }],
    mvs: [{ id: 1518390, mid: '', vid: 'l0031ejo935', name: '晴天', singer: '周杰伦' }],
  })
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSmartbox(@Query() query: GetSmartboxQuery) {
    return this.search.getSmartbox(query);
  }

  @Get('getTopLists')
  @CacheTTL(600)
  @ApiOperation({ summary: 'Charts with their top songs', description: 'Every chart with a few of its songs (upstream CGI `fcg_myqq_toplist.fcg`). No parameters.' })
  @ApiEnvelope('The charts.', {
    topLists: [{ id: 62, name: '飙升榜', listenCount: 2000000, cover: 'https://y.gtimg.cn/music/photo_new/T003R300x300M000001.jpg', type: 0, songs: [{ songName: '晴天', singerName: '周杰伦' }] }],
  })
  @ApiErrorResponses(...UPSTREAM_ERRORS)
  getTopLists() {
    return this.search.getTopLists();
  }
}
