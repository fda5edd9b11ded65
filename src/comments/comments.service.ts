import { Injectable } from '@nestjs/common';
import { envelope, type Envelope, Shaped } from '../common/shaped';
import { CommentsClient } from '../upstream/clients/comments.client';
import type { CommentsAnswer } from './comments.answers';
import { GetCommentsQuery } from './dto/get-comments.dto';

@Injectable()
export class CommentsService {
  constructor(private readonly comments: CommentsClient) {}

  async getComments(q: GetCommentsQuery): Promise<Shaped<Envelope<CommentsAnswer>>> {
    const { raw, page } = await this.comments.page({
      id: q.id,
      cursor: q.rootcommentid ?? '',
      pageSize: q.pagesize ?? 25,
      pageNum: q.pagenum ?? 0,
      reqtype: q.reqtype ?? 2,
      biztype: q.biztype ?? 1,
      cmd: q.cmd,
    });
    return envelope<CommentsAnswer>({ comment: page }, raw);
  }
}
