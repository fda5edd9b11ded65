import { CacheTTL } from '@nestjs/cache-manager';
import { CacheInvalidatedBy } from '../common/cache-invalidated-by';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, ApiPlainOk, UPSTREAM_ERRORS, UPSTREAM_UNAVAILABLE } from '../common/api-docs';
import { FetchesShapeSupplements } from '../common/shape-supplements';
import { BatchGetSongListsBody } from './dto/batch-get-song-lists.dto';
import { GetNewDisksQuery } from './dto/get-new-disks.dto';
import { GetSongListDetailQuery } from './dto/get-song-list-detail.dto';
import { GetSongListsQuery } from './dto/get-song-lists.dto';
import { withOldNames } from '../common/answer-schema';
import {
  BatchAnswer,
  CategoriesAnswer,
  NewAlbumsPage,
  PLAYLIST_DETAIL_RENAMES,
  PLAYLIST_ITEM_RENAMES,
  PlaylistDetail,
  PlaylistPage,
} from './playlists.answers';
import { PlaylistsService } from './playlists.service';

const PLAYLIST_PAGE: PlaylistPage = {
  categoryId: 165,
  sortId: 5,
  page: 0,
  limit: 10,
  total: 4200,
  playlists: [
    withOldNames(
      { dissid: '7024415872', dissname: '华语经典', creator: 'someone', listen_num: 1520000, cover: 'https://qpic.y.qq.com/music_cover/abc/300', createTime: '2021-05-01', desc: '…' },
      PLAYLIST_ITEM_RENAMES,
    ),
  ],
};
const PLAYLIST_DETAIL: PlaylistDetail = withOldNames(
  {
    dissid: '7024415872',
    dissname: '华语经典',
    desc: '…',
    cover: 'https://qpic.y.qq.com/music_cover/abc/300',
    creator: 'someone',
    listen_num: 1520000,
    tags: [{ id: 165, name: '国语' }],
    total: 120,
    songlist: [{ songname: '晴天', singer: '周杰伦', songmid: '0039MnYb0qxYhV', songid: 97773, albumName: '叶惠美', albumMid: '000MkMni19ClKG', interval: 269 }],
  },
  PLAYLIST_DETAIL_RENAMES,
);
const PLAYLIST_NOT_FOUND = { status: 404, description: 'Unknown or private playlist.', errorCodes: ['PLAYLIST_NOT_FOUND'] };

@ApiTags('playlists')
@Controller()
export class PlaylistsController {
  constructor(private readonly playlists: PlaylistsService) {}

  @Get('getSongLists')
  @CacheTTL(600)
  @ApiOperation({ summary: 'Playlists of a category', description: 'Upstream playlist-square list of the category, sorted by sortId; page is 0-based.' })
  @ApiEnvelope('A page of playlists.', PLAYLIST_PAGE, PlaylistPage)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getSongLists(@Query() query: GetSongListsQuery) {
    return this.playlists.getSongLists(query);
  }

  @Get('getSongListCategories')
  @CacheTTL(86400)
  @ApiOperation({ summary: 'Playlist categories', description: 'Flat list of every category; `group` is upstream\'s group name (热门, 语种, …). No parameters.' })
  @ApiEnvelope('The categories.', { categories: [{ id: 165, name: '国语', group: '语种' }] }, CategoriesAnswer)
  @ApiErrorResponses(...UPSTREAM_ERRORS)
  getSongListCategories() {
    return this.playlists.getSongListCategories();
  }

  @Get('getSongListDetail')
  @FetchesShapeSupplements()
  @CacheTTL(600)
  // Edited playlists: the library writes invalidate this playlist's answers (docs/decisions/020-cache-invalidation.md).
  @CacheInvalidatedBy('disstid')
  @ApiOperation({
    summary: 'Playlist details and songs',
    description: 'Upstream `music.srfDissInfo.DissInfo`/`CgiGetDiss`; on a business error the CGI `fcg_ucc_getcdinfo_byid`. `singer` is the names joined with `/`; `total` counts the whole playlist.',
  })
  @ApiEnvelope('The playlist.', PLAYLIST_DETAIL, PlaylistDetail)
  @ApiErrorResponses(400, PLAYLIST_NOT_FOUND, ...UPSTREAM_ERRORS)
  getSongListDetail(@Query() query: GetSongListDetailQuery) {
    return this.playlists.getSongListDetail(query);
  }

  @Post('batchGetSongLists')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Several category pages or playlists at once',
    description:
      'Not the envelope: `{ status: 200, data: [...] }`, one element per id in request order: a getSongLists page (categoryIds) or a getSongListDetail record (disstid, which wins). ' +
      'A failed id stays at its position as `{ categoryId | dissid, status, error, errorCode[, upstreamCode] }`. Only when every id failed for a transport reason does the whole call fail (502/504). At most 5 upstream calls at once.',
  })
  @ApiBody({
    type: BatchGetSongListsBody,
    required: false,
    description: 'JSON body; every field is optional.',
    examples: { categories: { value: { categoryIds: [165, 167], limit: 5 } }, playlists: { value: { disstid: '7024415872,7011264340' } } },
  })
  @ApiPlainOk('With categoryIds: `{ status: 200, data: [page | failure] }` (`CategoryBatch`). With disstid: `{ status: 200, data: [detail | failure] }` (`PlaylistBatch`).', {
    status: 200,
    data: [PLAYLIST_PAGE, { categoryId: 167, status: 502, error: 'Upstream module failed (code 2000)', errorCode: 'UPSTREAM_ERROR', upstreamCode: 2000 }],
  }, BatchAnswer)
  @ApiErrorResponses(
    { status: 400, description: 'Invalid body field.', errorCodes: ['BAD_REQUEST'] },
    { status: 502, description: 'Every id failed for a transport reason.', errorCodes: ['UPSTREAM_UNREACHABLE', 'UPSTREAM_BAD_STATUS', 'UPSTREAM_BAD_RESPONSE'] },
    { status: 504, description: 'Every id timed out.', errorCodes: ['UPSTREAM_TIMEOUT'] },
    { status: 503, errorCodes: UPSTREAM_UNAVAILABLE.errorCodes, description: 'Every id failed because the upstream host\'s circuit breaker is open (`UPSTREAM_CIRCUIT_OPEN`, `Retry-After: 10`) or the gateway is shutting down (`SHUTTING_DOWN`, `Retry-After: 1`).' },
  )
  batchGetSongLists(@Body() body: BatchGetSongListsBody) {
    return this.playlists.batchGetSongLists(body);
  }

  @Get('getNewDisks')
  @CacheTTL(1800)
  @ApiOperation({ summary: 'New albums by area', description: 'Upstream `newalbum.NewAlbumServer`/`get_new_album_info` (start = page × limit, num = limit). `publicTime` is YYYY-MM-DD.' })
  @ApiEnvelope('A page of new albums.', {
    area: 1,
    page: 0,
    limit: 10,
    total: 500,
    albums: [{ albumName: '叶惠美', singerName: '周杰伦', publicTime: '2003-07-31', albumMid: '000MkMni19ClKG', albumId: 8220, cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000000MkMni19ClKG.jpg', singers: [{ id: 4558, mid: '0025NhlN2yWrP4', name: '周杰伦' }] }],
  }, NewAlbumsPage)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getNewDisks(@Query() query: GetNewDisksQuery) {
    return this.playlists.getNewDisks(query);
  }
}
