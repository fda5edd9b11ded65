import { Bool, Dict, Int, Obj, RawObject, type Static, Str, WithOldNames } from '../common/answer-schema';

/** What the collect / follow routes answer (decision 021: each schema is also the type the service returns). */

export const PlaylistCollectAnswer = Obj({ dissid: Str({ description: 'The playlist written to.' }), collected: Bool({ description: 'Its state now.' }) });
export type PlaylistCollectAnswer = Static<typeof PlaylistCollectAnswer>;

/** The old names of the echoed ids (src/common/glossary.ts). */
export const ALBUM_WRITE_RENAMES = { albummid: 'albumMid' } as const;
export const SINGER_WRITE_RENAMES = { singermid: 'singerMID' } as const;

export const AlbumCollectAnswer = Obj(WithOldNames({ albumMid: Str({ description: 'The album written to.' }), collected: Bool({ description: 'Its state now.' }) }, ALBUM_WRITE_RENAMES));
export type AlbumCollectAnswer = Static<typeof AlbumCollectAnswer>;

export const SingerFollowAnswer = Obj(WithOldNames({ singerMID: Str({ description: 'The singer written to.' }), followed: Bool({ description: 'Its state now.' }) }, SINGER_WRITE_RENAMES));
export type SingerFollowAnswer = Static<typeof SingerFollowAnswer>;

export const CollectStateAnswer = Obj({ collected: Dict(Bool(), { description: 'One entry per id asked: true when the account has collected it.' }) });
export type CollectStateAnswer = Static<typeof CollectStateAnswer>;

/** The Koa fork's write answer: the upstream envelope under `data.raw`. */
export const LegacyFavWriteAnswer = Obj({ response: Obj({ code: Int(), data: Obj({ raw: RawObject({ description: 'The upstream answer as received.' }) }) }) });
export type LegacyFavWriteAnswer = Static<typeof LegacyFavWriteAnswer>;

/** The Koa fork's state answer: one musicu key's shape, `m_fan` 1 / 0 per id. */
export const LegacyFanAnswer = Obj({
  response: Obj({ code: Int(), req_0: Obj({ code: Int(), data: Obj({ m_fan: Dict(Int(), { description: '1 collected, 0 not, per id asked.' }) }) }) }),
});
export type LegacyFanAnswer = Static<typeof LegacyFanAnswer>;
