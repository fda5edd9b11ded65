import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { envelope, Shaped } from '../common/shaped';
import { MusicuCall, newUuid, UpstreamHttp } from '../upstream/upstream-http.service';
import { businessError, describeCode, UpstreamError } from '../upstream/upstream.errors';
import { GetMvByTagQuery, GetMvPlayQuery, GetMvQuery, MV_TAG_AREAS } from './dto/mv.dto';
import {
  countPlayUrls,
  groupPlayLists,
  mapMvInfo,
  mapMvList,
  mapMvTags,
  MvInfo,
  MvListItem,
  MvTags,
  mvUrlEntry,
  PlayLists,
} from './mv.mapper';

const MV_MODULE = 'MvService.MvInfoProServer';
/** Fields asked of `get_video_info_batch` (the refs' list, CONTRACT §4 getMvPlay). */
export const MV_INFO_FIELDS = [
  'vid', 'type', 'sid', 'cover_pic', 'duration', 'singers', 'video_switch', 'msg', 'name', 'desc', 'playcnt', 'pubdate',
  'isfav', 'gmid',
];

export interface MvListData {
  list: MvListItem[];
  total: number;
  tags?: MvTags;
}

export interface MvPlayData {
  vid: string;
  playLists: PlayLists;
  info: MvInfo;
}

@Injectable()
export class MvService {
  private readonly logger = new Logger(MvService.name);

  constructor(private readonly upstream: UpstreamHttp) {}

  /** MV list by area/version; the tag lists come in the same musicu call (a failing tag key only drops `tags`). */
  async getMv(query: GetMvQuery): Promise<Shaped> {
    const { raw, results } = await this.upstream.musicuPartial({
      // CONTRACT §12 "MV list" primary (L1✓ incl. pagination): area/version/start/size, not the refs' *_id/limit.
      mv_list: this.allocCall(query.area_id, query.version_id, query.page, query.limit),
      // CONTRACT §4 getMv / §12: the area and version tag lists.
      mv_tag: { module: MV_MODULE, method: 'GetAllocTag', param: {} },
    });
    const list = requireKey(results.mv_list, `${MV_MODULE}.GetAllocMvInfo`);
    const data: MvListData = mapMvList(list);
    if (results.mv_tag.code === 0) data.tags = mapMvTags(results.mv_tag.data);
    else this.logger.warn(`GetAllocTag failed (code ${results.mv_tag.code}); answering without tags`);
    return envelope(data, raw);
  }

  /** MV list of one `lan` tag, mapped to a GetAllocMvInfo area, with the spec's limit/page honoured. */
  async getMvByTag(query: GetMvByTagQuery): Promise<Shaped> {
    const area = MV_TAG_AREAS[query.tag];
    const { raw, data } = await this.upstream.musicu({
      // CONTRACT §12 "MV by tag": GetAllocMvInfo with lan→area (the refs' getmv_by_tag CGI ignores tag/limit/page).
      mv_list: this.allocCall(area, 7, query.page, query.limit),
    });
    return envelope({ tag: query.tag, area, ...mapMvList(data.mv_list) }, raw);
  }

  /** Play URLs grouped by clarity plus the MV's title/cover/duration/singers. */
  async getMvPlay(query: GetMvPlayQuery): Promise<Shaped> {
    const { vid } = query;
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
      const first = await this.upstream.musicuPartial({
        // CONTRACT §12 "MV play URLs" primary (L1 modules/mv.py, copws 2025-09 ✓); format 264 = H.264 for browsers.
        getMvUrl: {
          module: 'music.stream.MvUrlProxy',
          method: 'GetMvUrls',
          param: { vids: [vid], request_type: 10003, guid: newUuid().replace(/-/g, ''), videoformat: 1, format: 264, use_new_domain: 1, use_ipv6: 1 },
        },
        // CONTRACT §4/§12: the MV's info, in the same call.
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
      this.logger.warn(`MvUrlProxy.GetMvUrls failed: ${describeCode(primaryCode)}; trying gosrf.Stream.MvUrlProxy`);
      const calls: Record<string, MusicuCall> = {
        // CONTRACT §12 fallback = the refs' call (SJ); `request_typet` really is upstream's spelling.
        getMvUrl: { module: 'gosrf.Stream.MvUrlProxy', method: 'GetMvUrls', param: { vids: [vid], request_typet: 10001 } },
      };
      if (infoData === undefined) calls.mvinfo = info;
      const second = await this.upstream.musicuPartial(calls);
      raw = second.raw;
      urls = requireKey(second.results.getMvUrl, 'gosrf.Stream.MvUrlProxy.GetMvUrls');
      if (second.results.mvinfo?.code === 0) infoData = second.results.mvinfo.data;
    }
    const entry = mvUrlEntry(urls, vid);
    const playLists = groupPlayLists(entry);
    if (!entry || countPlayUrls(playLists) === 0) {
      // Spec: empty upstream MV URL data → 502.
      throw new GatewayError(HttpStatus.BAD_GATEWAY, 'MV_URL_UNAVAILABLE', 'Failed to get MV URL data');
    }
    const data: MvPlayData = { vid, playLists, info: mapMvInfo(infoData, vid) };
    return envelope(data, raw);
  }

  /** GetAllocMvInfo with a 0-based page: start = page × limit (the refs' `(page ? page−1 : 0)` bug is not kept). */
  private allocCall(area: number, version: number, page: number, limit: number): MusicuCall {
    return {
      module: MV_MODULE,
      method: 'GetAllocMvInfo',
      param: { area, version, order: 1, start: page * limit, size: limit },
    };
  }
}

/** A key's data, or the same business error `upstream.musicu` would have thrown. */
function requireKey(result: { code: number; data: any }, target: string): any {
  if (result.code === 0) return result.data;
  throw businessError(result.code, target);
}
