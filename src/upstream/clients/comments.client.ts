import { Injectable, Logger } from '@nestjs/common';
import { warrantsFallback } from '../upstream.errors';
import { type CommentPage, mapCgiPage, mapCommentReadPage } from './comments.parse';
import { UpstreamClient } from './upstream-client';

/** `music.globalComment.CommentRead` method per spec reqtype (1 recommended, 2 newest, 3 most liked). */
export const COMMENT_READ_METHODS: Record<number, 'GetRecCommentList' | 'GetNewCommentList' | 'GetHotCommentList'> = {
  1: 'GetRecCommentList',
  2: 'GetNewCommentList',
  3: 'GetHotCommentList',
};

/** BizType of `music.globalComment`: the spec's values are the module's own (4 = MV). docs/upstream/comments.md. */
export const COMMENT_READ_BIZTYPES: Record<number, number> = { 1: 1, 2: 2, 3: 3, 4: 4 };

/** biztype of the legacy `fcg_global_comment_h5.fcg`: MV is 5 there (4 = toplist). docs/upstream/comments.md. */
export const CGI_BIZTYPES: Record<number, number> = { 1: 1, 2: 2, 3: 3, 4: 5 };

/** The CGI's `cmd` when the client sends none: 8 = newest; hot lists use 6 (song, MV) or 9 (album, playlist). */
export function defaultCgiCmd(reqtype: number, biztype: number): number {
  if (reqtype !== 3) return 8;
  return biztype === 1 || biztype === 4 ? 6 : 9;
}

export interface CommentReadRequest {
  BizType: number;
  BizId: string;
  PageNum: number;
  PageSize: number;
  LastCommentSeqNo: string;
  [extra: string]: unknown;
}

/** The param of each CommentRead method, with the extra flags the Python QQMusicApi project sends for it. */
export function commentReadParam(
  reqtype: number,
  base: { bizType: number; bizId: string; pageNum: number; pageSize: number; cursor: string },
): CommentReadRequest {
  const common = {
    BizType: base.bizType,
    BizId: base.bizId,
    PageNum: base.pageNum,
    PageSize: base.pageSize,
    LastCommentSeqNo: base.cursor,
    PicEnable: 1,
  };
  if (reqtype === 3) return { ...common, HotType: 1, WithAirborne: 0 };
  if (reqtype === 1) return { ...common, Flag: 1, CmListUIVer: 1, AudioEnable: 1 };
  return { ...common, HashTagID: '', SelfSeeEnable: 1, AudioEnable: 1 };
}

/** One page of comments to fetch, in the gateway's own terms (spec reqtype and biztype, 0-based page). */
export interface CommentPageRequest {
  /** Song, album, playlist id or MV vid. */
  id: string;
  /** The previous page's `nextCursor` ('' from the top). */
  cursor: string;
  pageSize: number;
  pageNum: number;
  reqtype: number;
  biztype: number;
  /** The legacy CGI's `cmd`, when the caller set one. */
  cmd?: number;
}

/** A page of comments: the upstream body, and the page mapped from whichever call answered (their shapes differ). */
export interface CommentPageAnswer {
  raw: unknown;
  page: CommentPage;
}

const CGI_PATH = '/base/fcgi-bin/fcg_global_comment_h5.fcg';

/** QQ Music's comments (docs/upstream/comments.md). */
@Injectable()
export class CommentsClient extends UpstreamClient {
  private readonly logger = new Logger(CommentsClient.name);

  /**
   * One page of comments. docs/upstream/comments.md "Comment list" (`CommentRead`); on a business code that warrants a
   * fallback, "Comment list (fallback)", the legacy CGI.
   */
  async page(p: CommentPageRequest): Promise<CommentPageAnswer> {
    try {
      return await this.fromCommentRead(p);
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.fellBack('music.globalComment.CommentRead');
      this.logger.warn(`CommentRead failed (${err.message}); trying fcg_global_comment_h5.fcg`);
      return this.fromCgi(p);
    }
  }

  private async fromCommentRead(p: CommentPageRequest): Promise<CommentPageAnswer> {
    const { raw, data } = await this.musicu({
      comments: {
        module: 'music.globalComment.CommentRead',
        method: COMMENT_READ_METHODS[p.reqtype],
        param: commentReadParam(p.reqtype, {
          bizType: COMMENT_READ_BIZTYPES[p.biztype],
          bizId: p.id,
          pageNum: p.pageNum,
          pageSize: p.pageSize,
          cursor: p.cursor,
        }),
      },
    });
    return this.sampleShape('comments', { raw, page: mapCommentReadPage(data.comments ?? {}, p.pageNum, p.pageSize) });
  }

  private async fromCgi(p: CommentPageRequest): Promise<CommentPageAnswer> {
    const biztype = CGI_BIZTYPES[p.biztype];
    const { raw } = await this.cgi<Record<string, any>>(CGI_PATH, {
      g_tk: 5381,
      loginUin: 0,
      hostUin: 0,
      inCharset: 'utf8',
      // The Koa projects ask GB2312 yet decode the body as UTF-8; asking UTF-8 keeps our decoder right either way.
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
    return { raw, page: mapCgiPage(raw, p.pageNum, p.pageSize) };
  }
}
