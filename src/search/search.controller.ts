import { CacheTTL } from '@nestjs/cache-manager';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, UPSTREAM_ERRORS } from '../common/api-docs';
import { GetSearchByKeyQuery } from './dto/get-search-by-key.dto';
import { GetSearchByTypeQuery, SearchByTypeQuery } from './dto/get-search-by-type.dto';
import { GetSmartboxQuery } from './dto/get-smartbox.dto';
import { withOldNames } from '../common/answer-schema';
import { HotkeysAnswer, SearchByCodePage, SearchPage, SmartboxAnswer, TOP_LIST_RENAMES, TopListsAnswer } from './search.answers';
import { PLAYLIST_HIT_RENAMES, SINGER_HIT_RENAMES } from './search.mapper';
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
      'Upstream `music.search.SearchCgiService`/`DoSearchForQQMusicDesktop`; on a business error or an empty answer the signed `DoSearchForQQMusicMobile`; after two business errors the legacy CGI `client_search_cp`. `page` is 0-based (the legacy shape reads it 1-based, as the older services did). `list` items depend on `type` ' +
      '(song: `{ songid, songmid, songname, singer, singers[], albumName, albumMid, albumId, interval }`; lyric: the song item + `lyric`; ' +
      'singer: `{ singerId, singerMID, singerName, singerPic, songCount, albumCount, mvCount }`; album: `{ albumId, albumMid, albumName, singerName, publicTime, cover, songCount }`; ' +
      'playlist: `{ dissid, dissname, creator, listen_num, cover, songCount }`; mv: `{ vid, mvId, title, singerName, cover, listen_num, interval, publicTime }`), ' +
      'each also with its renamed fields\' old names until they are removed (docs/glossary.md "Renamed fields").',
  })
  @ApiEnvelope('A page of results.', {
    key: '周杰伦',
    type: 'song',
    page: 0,
    limit: 5,
    total: 600,
    list: [{ songid: 97773, songmid: '0039MnYb0qxYhV', songname: '晴天', singer: '周杰伦', singers: [{ id: 4558, mid: '0025NhlN2yWrP4', name: '周杰伦' }], albumName: '叶惠美', albumMid: '000MkMni19ClKG', albumId: 8220, interval: 269 }],
  }, SearchPage)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSearchByKey(@Query() query: GetSearchByKeyQuery) {
    return this.search.getSearchByKey(query);
  }

  @Get('getSearchByType')
  @CacheTTL(300)
  @ApiOperation({
    summary: 'Search singers, albums, playlists or users by upstream type code (the Koa project fork\'s route)',
    description:
      'The route of Yuuz12/qq-music-api (a fork of the Koa qq-music-api, 2026-08), with its parameter names: `t` is upstream\'s search_type ' +
      '(1 singer, 2 album, 3 playlist, 8 user), `limit` at most 30, `page` 1-based as the fork pages. Types 1–3 are /getSearchByKey\'s search (same items and fallbacks) and answer its body plus `t`; ' +
      'users are one upstream `DoSearchForQQMusicDesktop` call (search_type 8, no fallback), listed as upstream sends them (no user search answer was ever recorded). ' +
      'The path form `/getSearchByType/<key>/<limit>/<page>/<t>` is accepted. Legacy shape: `{ response: <raw musicu answer> }` with the search under `req_search`, as the fork answers.',
  })
  @ApiEnvelope('A page of results.', {
    key: '周杰伦',
    type: 'singer',
    t: 1,
    page: 1,
    limit: 10,
    total: 1,
    list: [
      withOldNames(
        { singerId: 4558, singerMID: '0025NhlN2yWrP4', singerName: '周杰伦', singerPic: 'https://y.gtimg.cn/music/photo_new/T001R150x150M0000025NhlN2yWrP4.jpg', songCount: 600, albumCount: 40, mvCount: 300 },
        SINGER_HIT_RENAMES,
      ),
    ],
  }, SearchByCodePage)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSearchByType(@Query() query: GetSearchByTypeQuery) {
    return this.search.getSearchByType(query);
  }

  @Get('searchByType')
  @CacheTTL(300)
  @ApiOperation({
    summary: 'Search by type name (the route WQTY-MASTER/tiaolv-music calls)',
    description:
      'The search of /getSearchByKey under the names WQTY-MASTER/tiaolv-music sends to its QQ Music server (`key`, `limit`, `page`, `type=playlist|artist`; ' +
      'no public qq-music-api version with this route was found). `type` is one of /getSearchByKey\'s types, or `artist` for singer; `page` is 1-based, as that app sends it; the answer is /getSearchByKey\'s. ' +
      'Legacy shape: `{ response: <raw musicu answer> }` with the search under `req_1`, where that app reads `response.req_1.data.body.<songlist|singer>.list` and `response.req_1.data.meta.sum`.',
  })
  @ApiEnvelope('A page of results.', {
    key: '古风',
    type: 'playlist',
    page: 1,
    limit: 8,
    total: 1,
    list: [
      withOldNames(
        { dissid: '7024415872', dissname: '古风', creator: 'QQ音乐', listen_num: 1000, cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000.jpg', songCount: 20 },
        PLAYLIST_HIT_RENAMES,
      ),
    ],
  }, SearchPage)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  searchByType(@Query() query: SearchByTypeQuery) {
    return this.search.searchByType(query);
  }

  @Get('getHotkey')
  @CacheTTL(600)
  @ApiOperation({ summary: 'Hot search keywords', description: 'Upstream musicu `GetHotkeyForQQMusicMobile` (it has no special key: `specialKey`/`specialUrl` are then \'\'), the CGI `gethotkey.fcg` as its fallback; keywords are trimmed, `score` is upstream\'s score. No parameters.' })
  @ApiEnvelope('The hot keywords.', { hotkeys: [{ keyword: '周杰伦', score: 2500000 }], specialKey: '新歌', specialUrl: 'https://y.qq.com/' }, HotkeysAnswer)
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
  }, SmartboxAnswer)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSmartbox(@Query() query: GetSmartboxQuery) {
    return this.search.getSmartbox(query);
  }

  @Get('getTopLists')
  @CacheTTL(600)
  @ApiOperation({ summary: 'Charts with their top songs', description: 'Every chart with a few of its songs (upstream CGI `fcg_myqq_toplist.fcg`). No parameters.' })
  @ApiEnvelope('The charts.', {
    topLists: [
      withOldNames(
        { id: 62, name: '飙升榜', listen_num: 2000000, cover: 'https://y.gtimg.cn/music/photo_new/T003R300x300M000001.jpg', type: 0, songs: [{ songName: '晴天', singerName: '周杰伦' }] },
        TOP_LIST_RENAMES,
      ),
    ],
  }, TopListsAnswer)
  @ApiErrorResponses(...UPSTREAM_ERRORS)
  getTopLists() {
    return this.search.getTopLists();
  }
}
