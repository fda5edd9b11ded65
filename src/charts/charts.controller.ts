import { CacheTTL } from '@nestjs/cache-manager';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, UPSTREAM_ERRORS } from '../common/api-docs';
import { RanksAnswer } from './charts.answers';
import { ChartsService } from './charts.service';
import { GetRanksQuery } from './dto/get-ranks.dto';

@ApiTags('charts')
@Controller()
export class ChartsController {
  constructor(private readonly charts: ChartsService) {}

  @Get('getRanks')
  @CacheTTL(300) // charts change daily or weekly
  @ApiOperation({
    summary: 'One chart page, or every chart grouped',
    description:
      'With `topId`: one page of that chart (`topList`, `songInfoList`). Without: `groups[]` of every chart. ' +
      'Upstream `music.musicToplist.Toplist`/`GetDetail`, falling back to `ToplistInfoServer` on module/parameter codes. A page past the end is an empty list.',
  })
  @ApiEnvelope('With topId: the chart page (`ChartPage`). Without topId: every chart grouped (`ChartGroups`).', {
    topList: { id: 62, name: '飙升榜', period: '2026-11-21' },
    songInfoList: [{ songId: 97773, song_id: 97773, song_mid: '0039MnYb0qxYhV', mid: '0039MnYb0qxYhV', songName: '晴天', singerName: '周杰伦', rank: 1 }],
  }, RanksAnswer)
  @ApiErrorResponses(400, { status: 404, description: 'Unknown topId.', errorCodes: ['CHART_NOT_FOUND'] }, ...UPSTREAM_ERRORS)
  getRanks(@Query() query: GetRanksQuery) {
    return this.charts.getRanks(query);
  }
}
