import { Injectable, Logger } from '@nestjs/common';
import type { MusicuCall } from '../upstream.types';
import { warrantsFallback } from '../upstream.errors';
import { UpstreamClient } from './upstream-client';

/** Size of the recommended-playlist feed asked for the home page. */
export const RECOMMEND_PLAYLIST_SIZE = 20;

/** The home page's parts, each one key of one musicu call. docs/upstream/discover.md "Recommendations". */
const RECOMMEND_CALLS = {
  playlists: { module: 'music.playlist.PlaylistSquare', method: 'GetRecommendFeed', param: { From: 0, Size: RECOMMEND_PLAYLIST_SIZE } },
  // type 5 = newest.
  newSongs: { module: 'newsong.NewSongServer', method: 'get_new_song_info', param: { type: 5 } },
  // area 1 = 内地; `start`, not `sin`.
  newAlbums: { module: 'newalbum.NewAlbumServer', method: 'get_new_album_info', param: { area: 1, start: 0, num: 10 } },
  charts: { module: 'music.musicToplist.Toplist', method: 'GetAll', param: {} },
  // Unverified: no better-evidenced call is known.
  focus: { module: 'QQMusic.MusichallServer', method: 'GetFocus', param: {} },
} satisfies Record<string, MusicuCall>;

export type RecommendPart = keyof typeof RECOMMEND_CALLS;

/** One part's answer: its code, its data when the code is 0, and the `module.method` that answered. */
export interface RecommendPartResult {
  code: number;
  data: any;
  target: string;
}

/** The recommendations: the upstream body and each part's result, good or bad (keys in RECOMMEND_CALLS order). */
export interface RecommendAnswer {
  raw: unknown;
  parts: Record<RecommendPart, RecommendPartResult>;
}

/** Radio groups: the upstream body and the raw group list (musicu or CGI spelling; the mapper reads both). */
export interface RadioAnswer {
  raw: unknown;
  groups: unknown;
}

/** The ticket page: the upstream body, the shows page's data and the show types' data. */
export interface TicketAnswer {
  raw: unknown;
  shows: Record<string, any>;
  types: Record<string, any>;
}

/** QQ Music's small discover calls: digital albums, radio, home recommendations, tickets (docs/upstream/discover.md). */
@Injectable()
export class DiscoverClient extends UpstreamClient {
  private readonly logger = new Logger(DiscoverClient.name);

  /** The digital-album shop's whole list (the raw body). docs/upstream/discover.md "Digital albums". */
  async digitalAlbums(): Promise<Record<string, any>> {
    const { raw } = await this.cgi<Record<string, any>>('/v8/fcg-bin/musicmall.fcg', {
      cmd: 'pc_index_new',
      format: 'json',
      outCharset: 'utf-8',
    });
    return raw;
  }

  /**
   * The radio groups. docs/upstream/discover.md "Radio list": musicu `GetRadiolist`; on a business code that warrants a
   * fallback, "Radio list (fallback)", the legacy CGI.
   */
  async radioGroups(): Promise<RadioAnswer> {
    try {
      const res = await this.musicu({ radiolist: { module: 'pf.radiosvr', method: 'GetRadiolist', param: { ct: '24' } } });
      return { raw: res.raw, groups: res.data.radiolist?.radio_list };
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.fellBack('pf.radiosvr.GetRadiolist');
      this.logger.warn(`pf.radiosvr.GetRadiolist failed (${err.message}); trying fcg_v8_radiolist.fcg`);
      return this.radioGroupsByCgi();
    }
  }

  /**
   * The legacy radio CGI alone: the fallback above, and the older Koa services' own call, which the legacy shape asks
   * first (docs/upstream/discover.md "Radio list (fallback)").
   */
  async radioGroupsByCgi(): Promise<RadioAnswer> {
    const res = await this.cgi('/v8/fcg-bin/fcg_v8_radiolist.fcg', {
      format: 'json',
      outCharset: 'utf-8',
      channel: 'radio',
      page: 'index',
      tpl: 'wk',
      new: 1,
      p: 1,
    });
    return { raw: res.raw, groups: res.raw?.data?.data?.groupList ?? res.raw?.data?.groupList };
  }

  /** Every home-page part from ONE musicu call; a failing key fails only its own part. */
  async recommend(): Promise<RecommendAnswer> {
    const { raw, results } = await this.musicuPartial(RECOMMEND_CALLS);
    const parts = {} as Record<RecommendPart, RecommendPartResult>;
    for (const key of Object.keys(RECOMMEND_CALLS) as RecommendPart[]) {
      const { module, method } = RECOMMEND_CALLS[key];
      parts[key] = { code: results[key].code, data: results[key].data, target: `${module}.${method}` };
    }
    return { raw, parts };
  }

  /** The ticket index page (every city) and the show types, in one call. docs/upstream/discover.md "Tickets". */
  async tickets(): Promise<TicketAnswer> {
    const { raw, data } = await this.musicu({
      getFirstData: { module: 'mall.ticket_index_page_svr', method: 'GetTicketIndexPage', param: { city_id: -1 } },
      getTag: { module: 'mall.ticket_index_page_svr', method: 'GetShowTypeList', param: {} },
    });
    return { raw, shows: data.getFirstData, types: data.getTag };
  }
}
