import { CacheTTL } from '@nestjs/cache-manager';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, UPSTREAM_ERRORS } from '../common/api-docs';
import { withOldNames } from '../common/answer-schema';
import { COMMENT_RENAMES } from '../upstream/clients/comments.parse';
import { CommentsAnswer } from './comments.answers';
import { CommentsService } from './comments.service';
import { GetCommentsQuery } from './dto/get-comments.dto';

@ApiTags('comments')
@Controller()
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get('getComments')
  @CacheTTL(60)
  @ApiOperation({
    summary: 'Comments of a song, album, playlist or MV',
    description:
      'Upstream `music.globalComment.CommentRead` (method by reqtype); on an upstream business code, the legacy CGI `fcg_global_comment_h5.fcg`. ' +
      'Page on with `rootcommentid = nextCursor` and `pagenum + 1`. `time` is Unix seconds; every id is a string. An empty thread is `list: []`.',
  })
  @ApiEnvelope('A page of comments.', {
    comment: {
      list: [
        withOldNames(
          { rootcommentid: '1234567890', commentId: '1234567890', content: '好听', nick: 'someone', avatarUrl: 'https://thirdqq.qlogo.cn/g?b=sdk&k=abc&s=140', praisenum: 12, time: 1700000000 },
          COMMENT_RENAMES,
        ),
      ],
      total: 1520,
      nextCursor: '1700000000123',
      hasMore: true,
    },
  }, CommentsAnswer)
  @ApiErrorResponses(400, ...UPSTREAM_ERRORS)
  getComments(@Query() query: GetCommentsQuery) {
    return this.comments.getComments(query);
  }
}
