import { Injectable, Logger } from '@nestjs/common';
import { envelope, type Envelope, Shaped } from '../common/shaped';
import { DiscoverClient, RecommendPart } from '../upstream/clients/discover.client';
import { businessError } from '../upstream/upstream.errors';
import { GetDigitalAlbumListsQuery, GetImageUrlQuery } from './dto/discover.dto';
import type { DigitalAlbumsPage, ImageUrlAnswer, RadioGroupsAnswer, RecommendAnswer, RecommendError, TicketInfoAnswer } from './discover.answers';
import {
  buildImageUrl,
  mapDigitalAlbums,
  mapRadioGroups,
  mapRecAlbums,
  mapRecCharts,
  mapRecFocus,
  mapRecPlaylists,
  mapRecSongs,
  mapTicketShows,
  mapTicketTypes,
} from './discover.mapper';

@Injectable()
export class DiscoverService {
  private readonly logger = new Logger(DiscoverService.name);

  constructor(private readonly discover: DiscoverClient) {}

  /** Pure URL building: no upstream call. */
  getImageUrl(query: GetImageUrlQuery): Shaped<Envelope<ImageUrlAnswer>> {
    const imageUrl = buildImageUrl(query.id, query.size, query.maxAge, query.type);
    return envelope<ImageUrlAnswer>({ imageUrl }, null);
  }

  /** Digital albums; upstream gives one list, which is paged here (0-based page). */
  async getDigitalAlbumLists(query: GetDigitalAlbumListsQuery): Promise<Shaped<Envelope<DigitalAlbumsPage>>> {
    const raw = await this.discover.digitalAlbums();
    // A code ≠ 0 (1000: not logged in) has already failed the call; code 0 with no albums is an empty shop.
    const all = mapDigitalAlbums(raw);
    const start = query.page * query.limit;
    return envelope<DigitalAlbumsPage>({ albums: all.slice(start, start + query.limit), total: all.length }, raw);
  }

  /** Radio groups, from whichever radio call answered. */
  async getRadioLists(): Promise<Shaped<Envelope<RadioGroupsAnswer>>> {
    const { raw, groups } = await this.discover.radioGroups();
    return envelope<RadioGroupsAnswer>({ groups: mapRadioGroups(groups) }, raw);
  }

  /** Home recommendations from ONE upstream call; a failing part empties only its own list (reported in `errors`). */
  async getRecommend(): Promise<Shaped<Envelope<RecommendAnswer>>> {
    const { raw, parts } = await this.discover.recommend();
    const errors: RecommendError[] = [];
    const part = (key: RecommendPart): any => {
      const r = parts[key];
      if (r.code === 0) return r.data;
      errors.push({ key, module: r.target, code: r.code });
      return null;
    };
    const data: RecommendAnswer = {
      playlists: mapRecPlaylists(part('playlists')),
      newSongs: mapRecSongs(part('newSongs')),
      newAlbums: mapRecAlbums(part('newAlbums')),
      charts: mapRecCharts(part('charts')),
      focus: mapRecFocus(part('focus')),
      errors,
    };
    if (errors.length === Object.keys(parts).length) {
      // Nothing usable at all: fail like a plain musicu call would, with the first key's code.
      const { code, module } = errors[0];
      throw businessError(code, module);
    }
    if (errors.length) this.logger.warn(`getRecommend: ${errors.map((e) => `${e.key}=${e.code}`).join(', ')} failed`);
    return envelope(data, raw);
  }

  /** Concert tickets and show types. */
  async getTicketInfo(): Promise<Shaped<Envelope<TicketInfoAnswer>>> {
    const { raw, shows, types } = await this.discover.tickets();
    return envelope<TicketInfoAnswer>({ shows: mapTicketShows(shows), types: mapTicketTypes(types) }, raw);
  }
}
