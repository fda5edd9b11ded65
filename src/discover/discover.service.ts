import { Injectable, Logger } from '@nestjs/common';
import { envelope, Shaped } from '../common/shaped';
import { MusicuCall, UpstreamHttp } from '../upstream/upstream-http.service';
import { businessError, warrantsFallback } from '../upstream/upstream.errors';
import { GetDigitalAlbumListsQuery, GetImageUrlQuery } from './dto/discover.dto';
import {
  buildImageUrl,
  DigitalAlbum,
  mapDigitalAlbums,
  mapRadioGroups,
  mapRecAlbums,
  mapRecCharts,
  mapRecFocus,
  mapRecPlaylists,
  mapRecSongs,
  mapTicketShows,
  mapTicketTypes,
  RadioGroup,
} from './discover.mapper';

/** Size of the recommended-playlist feed asked for the home page. */
export const RECOMMEND_PLAYLIST_SIZE = 20;

/** getRecommend: each answer field, the musicu key it comes from, and the call (CONTRACT §4 getRecommend + §12). */
const RECOMMEND_CALLS = {
  // §12 "recommend": L1's module (L1✓ test_get_recommend_songlist).
  playlists: { module: 'music.playlist.PlaylistSquare', method: 'GetRecommendFeed', param: { From: 0, Size: RECOMMEND_PLAYLIST_SIZE } },
  // §12: L1✓ test_get_new_song; type 5 = newest.
  newSongs: { module: 'newsong.NewSongServer', method: 'get_new_song_info', param: { type: 5 } },
  // §12 "new albums": `start` (L1✓ settles §11 item 10); area 1 = 内地.
  newAlbums: { module: 'newalbum.NewAlbumServer', method: 'get_new_album_info', param: { area: 1, start: 0, num: 10 } },
  // §12 "all charts": L1✓ test_get_category.
  charts: { module: 'music.musicToplist.Toplist', method: 'GetAll', param: {} },
  // SJ's focus key (unverified; §12 has no better call).
  focus: { module: 'QQMusic.MusichallServer', method: 'GetFocus', param: {} },
} satisfies Record<string, MusicuCall>;

type RecommendField = keyof typeof RECOMMEND_CALLS;

export interface RecommendData {
  playlists: ReturnType<typeof mapRecPlaylists>;
  newSongs: ReturnType<typeof mapRecSongs>;
  newAlbums: ReturnType<typeof mapRecAlbums>;
  charts: ReturnType<typeof mapRecCharts>;
  focus: ReturnType<typeof mapRecFocus>;
  /** One entry per part whose upstream key failed; that part is then an empty list. */
  errors: { key: RecommendField; module: string; code: number }[];
}

@Injectable()
export class DiscoverService {
  private readonly logger = new Logger(DiscoverService.name);

  constructor(private readonly upstream: UpstreamHttp) {}

  /** Pure URL building (CONTRACT §4: no upstream call). */
  getImageUrl(query: GetImageUrlQuery): Shaped {
    const imageUrl = buildImageUrl(query.id, query.size, query.maxAge, query.type);
    return envelope({ imageUrl }, null);
  }

  /** Digital albums; upstream gives one list, which is paged here (0-based page). */
  async getDigitalAlbumLists(query: GetDigitalAlbumListsQuery): Promise<Shaped> {
    // CONTRACT §4/§12 "digital albums": the only known source, SJ's CGI (unverified; no live evidence, no fixture).
    const { raw } = await this.upstream.cgi('/v8/fcg-bin/musicmall.fcg', {
      cmd: 'pc_index_new',
      format: 'json',
      outCharset: 'utf-8',
    });
    // A code ≠ 0 (1000: not logged in) already failed in UpstreamHttp.cgi; code 0 with no albums is an empty shop.
    const all = mapDigitalAlbums(raw);
    const start = query.page * query.limit;
    const albums: DigitalAlbum[] = all.slice(start, start + query.limit);
    return envelope({ albums, total: all.length }, raw);
  }

  /** Radio groups: musicu GetRadiolist, else (business error) the legacy radio-list CGI. */
  async getRadioLists(): Promise<Shaped> {
    let groups: RadioGroup[];
    let raw: unknown;
    try {
      // CONTRACT §12 "radio" primary: 3P#70280999846 (web comm, 2026-09-30 ✓, 11 groups).
      const res = await this.upstream.musicu({ radiolist: { module: 'pf.radiosvr', method: 'GetRadiolist', param: { ct: '24' } } });
      raw = res.raw;
      groups = mapRadioGroups(res.data.radiolist?.radio_list);
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.logger.warn(`pf.radiosvr.GetRadiolist failed (${err.message}); trying fcg_v8_radiolist.fcg`);
      // CONTRACT §12 "radio" fallback: the refs' CGI (SJ radio/getRadioLists.ts).
      const res = await this.upstream.cgi('/v8/fcg-bin/fcg_v8_radiolist.fcg', {
        format: 'json',
        outCharset: 'utf-8',
        channel: 'radio',
        page: 'index',
        tpl: 'wk',
        new: 1,
        p: 1,
      });
      raw = res.raw;
      groups = mapRadioGroups(res.raw?.data?.data?.groupList ?? res.raw?.data?.groupList);
    }
    return envelope({ groups }, raw);
  }

  /** Home recommendations from ONE musicu POST; a failing key empties only its own list (reported in `errors`). */
  async getRecommend(): Promise<Shaped> {
    const { raw, results } = await this.upstream.musicuPartial(RECOMMEND_CALLS);
    const errors: RecommendData['errors'] = [];
    const part = (key: RecommendField): any => {
      const r = results[key];
      if (r.code === 0) return r.data;
      const call = RECOMMEND_CALLS[key];
      errors.push({ key, module: `${call.module}.${call.method}`, code: r.code });
      return null;
    };
    const data: RecommendData = {
      playlists: mapRecPlaylists(part('playlists')),
      newSongs: mapRecSongs(part('newSongs')),
      newAlbums: mapRecAlbums(part('newAlbums')),
      charts: mapRecCharts(part('charts')),
      focus: mapRecFocus(part('focus')),
      errors,
    };
    if (errors.length === Object.keys(RECOMMEND_CALLS).length) {
      // Nothing usable at all: fail like a plain musicu call would, with the first key's code.
      const { code, module } = errors[0];
      throw businessError(code, module);
    }
    if (errors.length) this.logger.warn(`getRecommend: ${errors.map((e) => `${e.key}=${e.code}`).join(', ')} failed`);
    return envelope(data, raw);
  }

  /** Ticket index page and show types (SJ's module; unverified, CONTRACT §12 has nothing better). */
  async getTicketInfo(): Promise<Shaped> {
    const { raw, data } = await this.upstream.musicu({
      // CONTRACT §4 getTicketInfo (SJ getTicketInfo.ts): city_id −1 = every city.
      getFirstData: { module: 'mall.ticket_index_page_svr', method: 'GetTicketIndexPage', param: { city_id: -1 } },
      getTag: { module: 'mall.ticket_index_page_svr', method: 'GetShowTypeList', param: {} },
    });
    return envelope({ shows: mapTicketShows(data.getFirstData), types: mapTicketTypes(data.getTag) }, raw);
  }
}
