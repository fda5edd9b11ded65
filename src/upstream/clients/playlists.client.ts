import { Injectable, Logger } from '@nestjs/common';
import { CGI_COMMON } from '../cgi-helpers';
import { warrantsFallback } from '../upstream.errors';
import { UpstreamClient } from './upstream-client';

/** A CGI answer: the body as parsed (`data`, `code`…). */
export interface CgiAnswer {
  raw: any;
}

/**
 * A playlist's detail from whichever call answered: `dissInfo` is CgiGetDiss's key data (`dirinfo`, `songlist`…),
 * `cdlist` the legacy CGI's `cdlist` array. `raw` is the upstream body as received.
 */
export type PlaylistDetailAnswer =
  | { source: 'musicu'; raw: unknown; dissInfo: Record<string, any> }
  | { source: 'cgi'; raw: unknown; cdlist: unknown };

/** A page of new albums: the upstream body and the `get_new_album_info` key's data (`albums`, `total`). */
export interface NewAlbumsAnswer {
  raw: unknown;
  data: Record<string, any>;
}

/** QQ Music's playlist square, categories, playlist detail and new albums (docs/upstream/playlists.md). */
@Injectable()
export class PlaylistsClient extends UpstreamClient {
  private readonly logger = new Logger(PlaylistsClient.name);

  /**
   * Playlists of a category, `limit` of them from 0-based `page` (upstream's range is inclusive).
   * docs/upstream/playlists.md "Playlists by category".
   */
  async byCategory(categoryId: number, sortId: number, page: number, limit: number): Promise<CgiAnswer> {
    const { raw } = await this.cgi('/splcloud/fcgi-bin/fcg_get_diss_by_tag.fcg', {
      ...CGI_COMMON,
      picmid: 1,
      categoryId,
      sortId,
      sin: page * limit,
      ein: (page + 1) * limit - 1,
    }, { referer: 'https://y.qq.com/' });
    return { raw };
  }

  /** Every playlist category, grouped. docs/upstream/playlists.md "Playlist categories". */
  async categories(): Promise<CgiAnswer> {
    const { raw } = await this.cgi('/splcloud/fcgi-bin/fcg_get_diss_tag_conf.fcg', { ...CGI_COMMON }, {
      referer: 'https://y.qq.com/',
    });
    return { raw };
  }

  /**
   * A playlist with `songNum` songs from `songBegin`: CgiGetDiss, else (business error) the legacy CGI, which checks
   * the Referer and so gets the playlist page's. docs/upstream/playlists.md "Playlist detail".
   */
  async detail(disstid: string, songBegin: number, songNum: number): Promise<PlaylistDetailAnswer> {
    try {
      const res = await this.musicu({
        req_1: {
          module: 'music.srfDissInfo.DissInfo',
          method: 'CgiGetDiss',
          param: {
            disstid: Number(disstid),
            dirid: 0,
            tag: 1,
            userinfo: 1,
            orderlist: 1,
            onlysonglist: 0,
            song_begin: songBegin,
            song_num: songNum,
          },
        },
      });
      return this.sampleShape('playlist', { source: 'musicu', raw: res.raw, dissInfo: res.data.req_1 });
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.fellBack('music.srfDissInfo.DissInfo.CgiGetDiss');
      this.logger.warn(`CgiGetDiss failed for ${disstid} (${err.message}); trying fcg_ucc_getcdinfo_byids_cp`);
      return this.detailByCgi(disstid, songBegin, songNum);
    }
  }

  /**
   * The legacy detail CGI alone: the fallback above, and the older Koa services' own call, which the legacy shape
   * asks first (docs/legacy.md "Extra calls"). Its `cdlist` holds the comment counts CgiGetDiss lacks.
   */
  async detailByCgi(disstid: string, songBegin: number, songNum: number): Promise<PlaylistDetailAnswer & { source: 'cgi' }> {
    const res = await this.cgi('/qzone/fcg-bin/fcg_ucc_getcdinfo_byids_cp.fcg', {
      ...CGI_COMMON,
      disstid,
      type: 1,
      json: 1,
      utf8: 1,
      onlysong: 0,
      new_format: 1,
      song_begin: songBegin,
      song_num: songNum,
    }, { referer: `https://y.qq.com/n/yqq/playsquare/${disstid}.html` });
    return { source: 'cgi', raw: res.raw, cdlist: res.raw?.cdlist };
  }

  /** `num` new albums of `area` from item `start`. docs/upstream/playlists.md "New albums". */
  async newAlbums(area: number, start: number, num: number): Promise<NewAlbumsAnswer> {
    const { raw, data } = await this.musicu({
      new_album: {
        module: 'newalbum.NewAlbumServer',
        method: 'get_new_album_info',
        param: { area, start, num },
      },
    });
    return { raw, data: data.new_album };
  }
}
