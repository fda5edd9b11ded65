import { Injectable } from '@nestjs/common';
import { withOldNames } from '../common/answer-schema';
import { envelope, type Envelope, Shaped } from '../common/shaped';
import { mapRadioGroups, mapRecPlaylists } from '../discover/discover.mapper';
import { mapMvList } from '../mv/mv.mapper';
import { DAILY_PLAYLIST_RENAMES } from '../recommend/recommend.answers';
import { RecommendService } from '../recommend/recommend.service';
import { DiscoverClient } from '../upstream/clients/discover.client';
import { MvClient } from '../upstream/clients/mv.client';
import { RecommendClient } from '../upstream/clients/recommend.client';
import type { PersonalRecommendType } from './legacy-recommend.dto';
import type { DailyPlaylistAnswer, PersonalRecommendAnswer } from './legacy.answers';

/** MVs listed for /getPersonalRecommend?type=3: the newest of every area and version, as /getMv lists them. */
const MV_LIST = { area: 15, version: 7, start: 0, size: 20 };

/**
 * The older services' recommendation routes that have no normalised counterpart (docs/legacy.md "Recommendation
 * routes"). Where those services made a call the gateway does not make, the gateway's own call answers, its raw
 * answer under the key those services used.
 */
@Injectable()
export class LegacyRecommendService {
  constructor(
    private readonly recommendations: RecommendService,
    private readonly recommend: RecommendClient,
    private readonly discover: DiscoverClient,
    private readonly mv: MvClient,
  ) {}

  /** The Koa fork's /getDailyPlaylist: the daily playlist's card alone (no playlist read). */
  async getDailyPlaylist(): Promise<Shaped<Envelope<DailyPlaylistAnswer>>> {
    const { card } = await this.recommendations.dailyCard();
    const playlist = withOldNames({ dissid: card.id, dissname: card.title, cover: card.cover }, DAILY_PLAYLIST_RENAMES);
    return envelope({ playlist }, { code: 0, data: { disstid: card.id, dissname: card.title, picurl: card.cover } });
  }

  /**
   * sansenjian/qq-music-api's /getPersonalRecommend: 1 the recommended-playlist feed (key `recomPlaylist`), 2 the
   * radio stations of /getRadioLists (key `radio`), 3 the MV list of /getMv (key `mv`).
   */
  async getPersonalRecommend(type: PersonalRecommendType): Promise<Shaped<Envelope<PersonalRecommendAnswer>>> {
    if (type === 2) {
      const { raw, groups } = await this.discover.radioGroups();
      return envelope({ type, radioGroups: mapRadioGroups(groups) } as const, rekey(raw, 'radiolist', 'radio'));
    }
    if (type === 3) {
      const { raw, list } = await this.mv.list(MV_LIST);
      return envelope({ type, mvs: mapMvList(list).list } as const, rekey(raw, 'mv_list', 'mv'));
    }
    const { raw, data } = await this.recommend.recommendedPlaylists();
    return envelope({ type: 1 as const, playlists: mapRecPlaylists(data) }, raw);
  }
}

/** The envelope with one key renamed (a CGI answer, which has no such key, is kept whole under the new key). */
export function rekey(raw: unknown, from: string, to: string): Record<string, unknown> {
  const body = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  if (!(from in body)) return { code: 0, [to]: body };
  const { [from]: value, ...rest } = body;
  return { ...rest, [to]: value };
}
