import { Injectable, Logger } from '@nestjs/common';
import { envelope, Shaped } from '../common/shaped';
import { UpstreamHttp } from '../upstream/upstream-http.service';
import { warrantsFallback } from '../upstream/upstream.errors';
import {
  CGI_BIZTYPES,
  COMMENT_READ_BIZTYPES,
  COMMENT_READ_METHODS,
  commentReadParam,
  CommentPage,
  defaultCgiCmd,
  mapCgiPage,
  mapCommentReadPage,
} from './comments.mapper';
import { GetCommentsQuery } from './dto/get-comments.dto';

const CGI_PATH = '/base/fcgi-bin/fcg_global_comment_h5.fcg';

@Injectable()
export class CommentsService {
  private readonly logger = new Logger(CommentsService.name);

  constructor(private readonly upstream: UpstreamHttp) {}

  async getComments(q: GetCommentsQuery): Promise<Shaped> {
    const p = {
      id: q.id,
      cursor: q.rootcommentid ?? '',
      pageSize: q.pagesize ?? 25,
      pageNum: q.pagenum ?? 0,
      reqtype: q.reqtype ?? 2,
      biztype: q.biztype ?? 1,
      cmd: q.cmd,
    };
    try {
      return await this.fromCommentRead(p);
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.logger.warn(`CommentRead failed (${err.message}); trying fcg_global_comment_h5.fcg`);
      return this.fromCgi(p);
    }
  }

  private async fromCommentRead(p: Params): Promise<Shaped> {
    const method = COMMENT_READ_METHODS[p.reqtype];
    // CONTRACT §12 primary (L1✓ tests/test_comment.py: hot/new/rec, pages 1–2); BizType 4 = MV in this module.
    const { raw, data } = await this.upstream.musicu({
      comments: {
        module: 'music.globalComment.CommentRead',
        method,
        param: commentReadParam(p.reqtype, {
          bizType: COMMENT_READ_BIZTYPES[p.biztype],
          bizId: p.id,
          pageNum: p.pageNum,
          pageSize: p.pageSize,
          cursor: p.cursor,
        }),
      },
    });
    return this.answer(mapCommentReadPage(data.comments ?? {}, p.pageNum, p.pageSize), raw);
  }

  private async fromCgi(p: Params): Promise<Shaped> {
    const biztype = CGI_BIZTYPES[p.biztype];
    // Fallback: the refs' CGI (CONTRACT §5), still used by lx for newest comments; MV is biztype 5 there.
    const { raw } = await this.upstream.cgi<Record<string, any>>(CGI_PATH, {
      g_tk: 5381,
      loginUin: 0,
      hostUin: 0,
      inCharset: 'utf8',
      // The refs ask GB2312 (CONTRACT §10 item 5) yet decode the body as UTF-8; asking UTF-8 keeps our decoder right either way.
      outCharset: 'utf-8',
      notice: 0,
      platform: 'yqq.json',
      needNewCode: 0,
      cid: 205360772,
      reqtype: p.reqtype,
      biztype,
      topid: p.id,
      cmd: p.cmd ?? defaultCgiCmd(p.reqtype, p.biztype),
      pagenum: p.pageNum,
      pagesize: p.pageSize,
      lasthotcommentid: p.cursor,
      format: 'json',
      domain: 'qq.com',
      ct: 24,
      cv: 10101010,
      needmusiccrit: 0,
    });
    return this.answer(mapCgiPage(raw, p.pageNum, p.pageSize), raw);
  }

  private answer(page: CommentPage, raw: unknown): Shaped {
    return envelope({ comment: page }, raw);
  }
}

interface Params {
  id: string;
  cursor: string;
  pageSize: number;
  pageNum: number;
  reqtype: number;
  biztype: number;
  cmd?: number;
}
