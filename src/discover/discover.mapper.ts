import { withOldNames } from '../common/answer-schema';
import { albumCover, imageCdnUrl, type ImageType, num, records, scalarStr, singerNames } from '../common/catalogue';
import {
  type DigitalAlbum,
  LISTEN_NUM_RENAMES,
  REC_CHART_RENAMES,
  REC_SONG_RENAMES,
  type RadioGroup,
  type RecAlbum,
  type RecChart,
  type RecFocus,
  type RecPlaylist,
  type RecSong,
  type TicketShow,
  type TicketType,
} from './discover.answers';
/**
 * Pure mappers for the small "discover" endpoints (image URL, digital albums, radio, recommendations, tickets).
 * Upstream shapes that no fixture confirms are read tolerantly (several known spellings per field).
 */

type Raw = Record<string, any>;

/** The first value that is present (not undefined/null/''). */
const pick = (o: Raw, ...keys: string[]): unknown => {
  for (const k of keys) if (o?.[k] !== undefined && o[k] !== null && o[k] !== '') return o[k];
  return undefined;
};
/** The first array found under one of the keys. */
const firstList = (o: Raw | null | undefined, ...keys: string[]): Raw[] => {
  for (const k of keys) if (Array.isArray(o?.[k])) return records(o[k]);
  return [];
};

/* ---------- image URL ---------- */

/** `https://y.gtimg.cn/music/photo_new/T002R<size>M000<id>.jpg?max_age=<maxAge>`; no upstream call. */
export function buildImageUrl(id: string, size = '300x300', maxAge = 2592000, type: ImageType = 'album'): string {
  return `${imageCdnUrl(type, id, size)}?max_age=${maxAge}`;
}

/* ---------- digital albums ---------- */

/**
 * `musicmall.fcg cmd=pc_index_new` (no recording): the albums of every section `data.content[].albumlist[]` (the
 * shape its public readers rely on; the same album — mid and name — in two sections counts once), else a flat list under `data.album_list` /
 * `data.albumlist` / `data.list` / `data.v_album`; items `{album_mid, album_name, singer_name|singers[], pic, price}`
 * in any of the spellings below. The whole list is returned; paging is the caller's.
 */
export function mapDigitalAlbums(raw: Raw | null | undefined): DigitalAlbum[] {
  const data = raw?.data ?? raw ?? {};
  const sections = records(data.content).flatMap((c) => firstList(c, 'albumlist', 'album_list', 'list'));
  const seen = new Set<string>();
  const items = sections.length ? sections : firstList(data, 'album_list', 'albumlist', 'list', 'v_album');
  return items.flatMap((a) => {
    const key = `${scalarStr(pick(a, 'albummid', 'album_mid', 'albumMid', 'mid'))}\n${scalarStr(pick(a, 'albumname', 'album_name', 'albumName', 'name', 'title'))}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [a];
  }).map((a) => {
    const albumMid = scalarStr(pick(a, 'albummid', 'album_mid', 'albumMid', 'mid'));
    const album: DigitalAlbum = {
      albumMid,
      albumName: scalarStr(pick(a, 'albumname', 'album_name', 'albumName', 'name', 'title')),
      singerName: scalarStr(pick(a, 'singername', 'singer_name', 'singerName')) || singerNames(a.singers ?? a.singer),
      cover: scalarStr(pick(a, 'pic', 'cover', 'albumpic', 'picurl')) || albumCover(albumMid),
    };
    const price = pick(a, 'price', 'sale_price');
    if (price !== undefined && Number.isFinite(Number(price))) album.price = Number(price);
    return album;
  });
}

/* ---------- radio ---------- */

/**
 * Radio groups from either source: musicu `GetRadiolist` data `{radio_list[]{id, title, list[]{id, title, pic_url,
 * listenNum}}}` or the CGI's `data.data.groupList[]{name, radioList[]{radioId, radioName, radioImg, listenNum}}`.
 */
export function mapRadioGroups(groups: unknown): RadioGroup[] {
  return records(groups).map((g, i) => ({
    id: num(pick(g, 'id', 'group_id', 'groupId') ?? i),
    name: scalarStr(pick(g, 'title', 'name', 'group_name', 'groupName')),
    radios: firstList(g, 'list', 'radioList', 'radio_list').map((r) =>
      withOldNames(
        {
          id: num(pick(r, 'radioId', 'id', 'radioid')),
          name: scalarStr(pick(r, 'radioName', 'title', 'name', 'Ftitle')),
          cover: scalarStr(pick(r, 'radioImg', 'pic_url', 'picUrl', 'pic')),
          listen_num: num(pick(r, 'listenNum', 'listen_num', 'listennum')),
        },
        LISTEN_NUM_RENAMES,
      ),
    ),
  }));
}

/* ---------- recommendations ---------- */

const coverOf = (c: unknown): string =>
  typeof c === 'string' ? c : c && typeof c === 'object' ? scalarStr(pick(c, 'default_url', 'medium_url', 'big_url', 'small_url', 'url')) : '';

/** `PlaylistSquare.GetRecommendFeed` data `{List[]{Playlist{basic{tid, title, cover{…}, play_cnt}}}}` (or the Koa projects' `v_hot[]`). */
export function mapRecPlaylists(data: Raw | null | undefined): RecPlaylist[] {
  const items = firstList(data, 'List', 'list', 'v_hot', 'v_playlist');
  return items.map((item) => {
    const b: Raw = item.Playlist?.basic ?? item.basic ?? item;
    return withOldNames(
      {
        dissid: scalarStr(pick(b, 'tid', 'dissid', 'content_id', 'id')),
        dissname: scalarStr(pick(b, 'title', 'dissname', 'name')),
        cover: coverOf(pick(b, 'cover', 'imgurl', 'cover_url_medium', 'picurl')),
        listen_num: num(pick(b, 'play_cnt', 'listen_num', 'listennum', 'access_num')),
      },
      LISTEN_NUM_RENAMES,
    );
  });
}

/** `newsong.NewSongServer.get_new_song_info` data `{songlist[]{id, mid, name|title, singer[]}}`. */
export function mapRecSongs(data: Raw | null | undefined): RecSong[] {
  return firstList(data, 'songlist', 'song_list', 'list').map((s) =>
    withOldNames(
      {
        songmid: scalarStr(pick(s, 'mid', 'songmid')),
        songid: num(pick(s, 'id', 'songid')),
        songname: scalarStr(pick(s, 'name', 'title', 'songname')),
        singers: records(s.singer ?? s.singers).map((x) => ({ mid: scalarStr(x.mid), name: scalarStr(x.name) })),
      },
      REC_SONG_RENAMES,
    ),
  );
}

/** `newalbum.NewAlbumServer.get_new_album_info` data `{albums[]{mid, name, singers[], photo{pic_mid}}}`. */
export function mapRecAlbums(data: Raw | null | undefined): RecAlbum[] {
  return firstList(data, 'albums', 'album_list', 'list').map((a) => {
    const albumMid = scalarStr(pick(a, 'mid', 'albumMid', 'album_mid', 'albummid'));
    const picMid = scalarStr(a.photo?.pic_mid) || albumMid;
    return {
      albumMid,
      albumName: scalarStr(pick(a, 'name', 'albumName', 'album_name', 'title')),
      singerName: singerNames(a.singers ?? a.singer) || scalarStr(pick(a, 'singerName', 'singer_name')),
      cover: albumCover(picMid),
    };
  });
}

/** `music.musicToplist.Toplist.GetAll` data `{group[]{toplist[]}}`, flattened. */
export function mapRecCharts(data: Raw | null | undefined): RecChart[] {
  return firstList(data, 'group').flatMap((g) =>
    firstList(g, 'toplist').map((t) =>
      withOldNames(
        {
          id: num(t.topId),
          name: scalarStr(t.title),
          cover: scalarStr(pick(t, 'headPicUrl', 'frontPicUrl', 'mbHeadPicUrl')),
          listen_num: num(t.listenNum),
          period: scalarStr(t.period),
        },
        REC_CHART_RENAMES,
      ),
    ),
  );
}

/** `QQMusic.MusichallServer.GetFocus` data `{content[]{id, title, pic_info{url}, jump_info{url}}}` (unverified). */
export function mapRecFocus(data: Raw | null | undefined): RecFocus[] {
  return firstList(data, 'content', 'list', 'slider').map((f) => ({
    id: scalarStr(pick(f, 'id', 'focus_id')),
    title: scalarStr(pick(f, 'title', 'name')),
    cover: scalarStr(f.pic_info?.url ?? pick(f, 'picUrl', 'pic', 'cover')),
    jumpUrl: scalarStr(f.jump_info?.url ?? pick(f, 'linkUrl', 'jumpurl', 'url')),
  }));
}

/* ---------- tickets ---------- */

/** `GetTicketIndexPage` data (unverified): shows under `show_list` / `shows` / `list`. */
export function mapTicketShows(data: Raw | null | undefined): TicketShow[] {
  return firstList(data, 'show_list', 'shows', 'list', 'v_show').map((s) => ({
    id: scalarStr(pick(s, 'show_id', 'id', 'showId')),
    name: scalarStr(pick(s, 'name', 'show_name', 'title')),
    city: scalarStr(pick(s, 'city_name', 'city', 'cityName')),
    time: scalarStr(pick(s, 'show_time', 'time', 'showTime', 'date')),
    cover: scalarStr(pick(s, 'pic_url', 'poster', 'cover', 'pic')),
    price: scalarStr(pick(s, 'price_range', 'price', 'min_price')),
  }));
}

/** `GetShowTypeList` data (unverified): types under `type_list` / `types` / `list`. */
export function mapTicketTypes(data: Raw | null | undefined): TicketType[] {
  return firstList(data, 'type_list', 'types', 'list').map((t) => ({
    id: num(pick(t, 'type_id', 'id', 'typeId')),
    name: scalarStr(pick(t, 'type_name', 'name', 'typeName')),
  }));
}
