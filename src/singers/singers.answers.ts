import { Arr, Enum, Int, Obj, type Static, Str, WithOldNames } from '../common/answer-schema';
import { MV_ORDERS } from './dto/singer-query.dto';

/** What the singer routes answer (decision 021: each schema is also the type its mapper returns). */

const singerMID = Str({ description: 'The singer asked for (the `singermid` parameter).' });

/** A singer of /getSingerList and /getSimilarSinger. */
export const SingerListItem = Obj({
  singerName: Str(),
  singerMID: Str(),
  singerPic: Str({ description: 'Picture URL: upstream\'s, else the T001 picture of the mid; \'\' without either.' }),
});
export type SingerListItem = Static<typeof SingerListItem>;

export const SingerListPage = Obj({
  singers: Arr(SingerListItem),
  total: Int({ description: 'Upstream\'s count of singers matching the filter.' }),
});
export type SingerListPage = Static<typeof SingerListPage>;

export const KeyValue = Obj({ key: Str(), value: Str() });
export type KeyValue = Static<typeof KeyValue>;

/** The biography parts read from the XML; '' and [] when upstream had no info. */
export const SingerDesc = Obj({
  desc: Str(),
  birth: Str({ description: 'The 出生日期 item as written upstream.' }),
  birthPlace: Str({ description: 'The 出生地 item.' }),
  name: Str({ description: 'The 中文名 item, else the 外文名 one.' }),
  basic: Arr(KeyValue, { description: 'Every basic item, in upstream order.' }),
  other: Arr(KeyValue, { description: 'Every other item, in upstream order.' }),
});
export type SingerDesc = Static<typeof SingerDesc>;

export const SingerDescAnswer = Obj({ singerMID, ...SingerDesc.properties });
export type SingerDescAnswer = Static<typeof SingerDescAnswer>;

export const SingerSong = Obj({
  songmid: Str(),
  songid: Int(),
  songname: Str(),
  singer: Str({ description: 'Singer names joined with "/".' }),
  albumName: Str(),
  albumMid: Str(),
  interval: Int({ description: 'Duration in seconds.' }),
});
export type SingerSong = Static<typeof SingerSong>;

export const SingerSongsPage = Obj({
  singerMID,
  songs: Arr(SingerSong),
  total: Int({ description: 'How many songs the singer has upstream.' }),
});
export type SingerSongsPage = Static<typeof SingerSongsPage>;

/** The old names of a singer's album's renamed fields (src/common/glossary.ts). */
export const SINGER_ALBUM_RENAMES = { publishDate: 'publicTime', totalNum: 'songCount' } as const;

export const SingerAlbum = Obj(
  WithOldNames(
    {
      albumMid: Str(),
      albumName: Str(),
      publicTime: Str({ description: 'As upstream writes it, e.g. 2003-07-31.' }),
      songCount: Int({ description: 'Songs on the album.' }),
      cover: Str({ description: 'T002 cover URL of the album mid; \'\' without one.' }),
    },
    SINGER_ALBUM_RENAMES,
  ),
);
export type SingerAlbum = Static<typeof SingerAlbum>;

export const SingerAlbumsPage = Obj({
  singerMID,
  albums: Arr(SingerAlbum),
  total: Int({ description: 'How many albums the singer has upstream.' }),
});
export type SingerAlbumsPage = Static<typeof SingerAlbumsPage>;

/** The old names of a singer's MV's renamed fields (src/common/glossary.ts). */
export const SINGER_MV_RENAMES = { mvid: 'mvId', pic: 'cover', playCount: 'listen_num' } as const;

export const SingerMv = Obj(
  WithOldNames(
    {
      vid: Str(),
      mvId: Int(),
      title: Str(),
      cover: Str({ description: 'Picture URL.' }),
      listen_num: Int({ description: 'How many times it was played.' }),
      publishDate: Int({ description: 'Unix seconds, as upstream sends `pubdate`.' }),
    },
    SINGER_MV_RENAMES,
  ),
);
export type SingerMv = Static<typeof SingerMv>;

export const SingerMvsPage = Obj({
  singerMID,
  order: Enum(MV_ORDERS, { description: '`listen` (most played first) or `time` (newest first).' }),
  mvs: Arr(SingerMv),
  total: Int({ description: 'How many MVs the singer has upstream.' }),
});
export type SingerMvsPage = Static<typeof SingerMvsPage>;

export const SimilarSingers = Obj({ singerMID, singers: Arr(SingerListItem, { description: 'At most 10.' }) });
export type SimilarSingers = Static<typeof SimilarSingers>;

export const SingerFanCount = Obj({ singerMID, fanCount: Int({ description: 'Fans (followers) of the singer.' }) });
export type SingerFanCount = Static<typeof SingerFanCount>;
