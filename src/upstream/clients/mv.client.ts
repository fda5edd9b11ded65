import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { describeCode } from '../../common/upstream-codes';
import type { MusicuCall, MusicuKeyResult } from '../upstream.types';
import { requireKey, UpstreamError } from '../upstream.errors';
import { UpstreamClient } from './upstream-client';

const MV_MODULE = 'MvService.MvInfoProServer';

/** Fields asked of `get_video_info_batch`: the list the older Koa projects send (docs/upstream/mv.md "MV info"). */
export const MV_INFO_FIELDS = [
  'vid', 'type', 'sid', 'cover_pic', 'duration', 'singers', 'video_switch', 'msg', 'name', 'desc', 'playcnt', 'pubdate',
  'isfav', 'gmid',
];

/** Which slice of an MV list to fetch: `start` counts MVs. */
export interface MvListRequest {
  area: number;
  version: number;
  start: number;
  size: number;
}

/** An MV list page: the upstream body, and `GetAllocMvInfo`'s data (`{ list[], total }`). */
export interface MvListAnswer {
  raw: Record<string, any>;
  list: Record<string, any>;
}

/** An MV list page with the area/version tag lists (`{ area[], version[] }`, possibly null); undefined when that key failed. */
export interface MvListWithTagsAnswer extends MvListAnswer {
  tags?: Record<string, any> | null;
}

/** An MV's play URLs: the last upstream body, `GetMvUrls`' data (`{ <vid>: { mp4[], hls[] } }`) and its video info. */
export interface MvPlayAnswer {
  raw: unknown;
  urls: unknown;
  /** `get_video_info_batch` data (`{ <vid>: {...} }`), undefined when that key failed in every call. */
  info?: unknown;
}

/** Extra fields `rec_video_byvid` is asked for beside MV_INFO_FIELDS (the uploader's, as the Koa projects ask). */
export const RELATED_MV_FIELDS = [
  ...MV_INFO_FIELDS,
  'uploader_headurl', 'uploader_nick', 'uploader_encuin', 'uploader_uin', 'uploader_hasfollow', 'uploader_follower_num',
];

/** QQ Music's MVs (docs/upstream/mv.md). */
@Injectable()
export class MvClient extends UpstreamClient {
  private readonly logger = new Logger(MvClient.name);

  /** One MV list page and, in the same musicu call, the tag lists. docs/upstream/mv.md "MV list" and "MV tags". */
  async listWithTags(req: MvListRequest): Promise<MvListWithTagsAnswer> {
    const { raw, results } = await this.musicuPartial({
      mv_list: allocCall(req),
      mv_tag: { module: MV_MODULE, method: 'GetAllocTag', param: {} },
    });
    const list = requireKey(results.mv_list, `${MV_MODULE}.GetAllocMvInfo`);
    if (results.mv_tag.code === 0) return { raw, list, tags: results.mv_tag.data ?? null };
    this.logger.warn(`GetAllocTag failed (code ${results.mv_tag.code}); answering without tags`);
    return { raw, list };
  }

  /** One MV list page. docs/upstream/mv.md "MV list". */
  async list(req: MvListRequest): Promise<MvListAnswer> {
    const { raw, data } = await this.musicu({ mv_list: allocCall(req) });
    return { raw, list: data.mv_list };
  }

  /**
   * The play URLs of `vid` and its info. docs/upstream/mv.md "MV play URLs": `music.stream.MvUrlProxy` with the info
   * in the same call; on a business code of the URL key (or of the whole call), "MV play URLs (fallback)".
   */
  async playUrls(vid: string): Promise<MvPlayAnswer> {
    const info: MusicuCall = {
      module: 'video.VideoDataServer',
      method: 'get_video_info_batch',
      param: { vidlist: [vid], required: MV_INFO_FIELDS },
    };
    let raw: unknown;
    let urls: unknown;
    let infoData: unknown;
    let primaryCode = 0;
    try {
      const first = await this.musicuPartial({
        // format 264 = H.264, which every browser plays.
        getMvUrl: {
          module: 'music.stream.MvUrlProxy',
          method: 'GetMvUrls',
          param: { vids: [vid], request_type: 10003, guid: randomUUID().replace(/-/g, ''), videoformat: 1, format: 264, use_new_domain: 1, use_ipv6: 1 },
        },
        mvinfo: info,
      });
      raw = first.raw;
      if (first.results.mvinfo.code === 0) infoData = first.results.mvinfo.data;
      if (first.results.getMvUrl.code === 0) urls = first.results.getMvUrl.data;
      else primaryCode = first.results.getMvUrl.code;
    } catch (err) {
      if (!(err instanceof UpstreamError && err.kind === 'business')) throw err;
      primaryCode = err.details.upstreamCode ?? -1;
    }
    if (primaryCode !== 0) {
      this.fellBack('music.stream.MvUrlProxy.GetMvUrls');
      this.logger.warn(`MvUrlProxy.GetMvUrls failed: ${describeCode(primaryCode)}; trying gosrf.Stream.MvUrlProxy`);
      const calls: Record<string, MusicuCall> = {
        // `request_typet` really is upstream's spelling.
        getMvUrl: { module: 'gosrf.Stream.MvUrlProxy', method: 'GetMvUrls', param: { vids: [vid], request_typet: 10001 } },
      };
      if (infoData === undefined) calls.mvinfo = info;
      const second = await this.musicuPartial(calls);
      raw = second.raw;
      urls = requireKey(second.results.getMvUrl, 'gosrf.Stream.MvUrlProxy.GetMvUrls');
      if (second.results.mvinfo?.code === 0) infoData = second.results.mvinfo.data;
    }
    return this.sampleShape('mv', { raw, urls, info: infoData });
  }

  /**
   * MVs related to `vid` (`{ list[] }`): the key's code and data, a business code included (the caller decides).
   * Asked only for the legacy shape of /getMvPlay. docs/upstream/mv.md "Related MVs".
   */
  async relatedVideos(vid: string): Promise<MusicuKeyResult> {
    const { results } = await this.musicuPartial({
      other: { module: 'video.VideoLogicServer', method: 'rec_video_byvid', param: { vid, required: RELATED_MV_FIELDS, support: 1 } },
    });
    return { code: results.other.code, data: results.other.data };
  }
}

function allocCall({ area, version, start, size }: MvListRequest): MusicuCall {
  return { module: MV_MODULE, method: 'GetAllocMvInfo', param: { area, version, order: 1, start, size } };
}
