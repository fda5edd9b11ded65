import { Arr, Bool, Dict, Int, Obj, Optional, RawObject, type Static, Str, WithOldNames } from '../common/answer-schema';

/** What the song and owned-playlist writes answer (decision 021: each schema is also the type the service returns). */

export const SongLikeAnswer = Obj({
  songmid: Str(),
  songid: Int({ description: 'The song\'s numeric id (what the write sent).' }),
  liked: Bool({ description: 'The song\'s state now.' }),
});
export type SongLikeAnswer = Static<typeof SongLikeAnswer>;

export const SongLikeStateAnswer = Obj({ liked: Dict(Bool(), { description: 'A boolean per distinct MID asked.' }) });
export type SongLikeStateAnswer = Static<typeof SongLikeStateAnswer>;

export const OWNED_PLAYLIST_RENAMES = { dirid: 'dirId' } as const;

export const OwnedPlaylistAnswer = Obj(
  WithOldNames(
    {
      dissid: Str({ description: 'The playlist\'s global id (disstid).' }),
      dirId: Int({ description: 'Its number inside the account.' }),
      dissname: Str({ description: 'Its name, as upstream kept it.' }),
      songCount: Optional(Int({ description: 'Songs in it, when the homepage gives a count.' })),
    },
    OWNED_PLAYLIST_RENAMES,
  ),
);

export const PlaylistAnswer = Obj({ playlist: OwnedPlaylistAnswer });
export type PlaylistAnswer = Static<typeof PlaylistAnswer>;

export const PlaylistDeletedAnswer = Obj({ dissid: Str(), deleted: Bool() });
export type PlaylistDeletedAnswer = Static<typeof PlaylistDeletedAnswer>;

export const SongResult = Obj({
  songmid: Str(),
  ok: Bool({ description: 'true: sent and applied (or already so); false: not sent, see errorCode.' }),
  songid: Optional(Int()),
  errorCode: Optional(Str({ description: 'SONG_NOT_FOUND, or WRITE_NOT_APPLIED when the song could not be looked up.' })),
  error: Optional(Str()),
});
export type SongResult = Static<typeof SongResult>;

export const PlaylistSongsAnswer = Obj({
  playlist: Obj({ dissid: Str(), dissname: Str(), songCount: Optional(Int({ description: 'Songs in it right after the write, when the homepage gives a count.' })) }),
  results: Arr(SongResult, { description: 'One per distinct MID, in the order first given.' }),
});
export type PlaylistSongsAnswer = Static<typeof PlaylistSongsAnswer>;

/** The Koa fork's `{ response: { code: 0, data } }`: `data` is the upstream key's data as received. */
export const ForkAnswer = Obj({ response: Obj({ code: Int(), data: RawObject({ description: 'The upstream key\'s data (`retCode`…, or `m_fan`).' }) }) });
