import { applyDecorators, Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAdminToken, ApiEnvelope, ApiErrorResponses, type ErrorSpec } from '../common/api-docs';
import { WriteLoginGuard } from '../common/write-login.guard';
import { AMBIGUOUS_ACCOUNT_ERROR } from './collections-docs';
import { CreatePlaylistBody, PlaylistIdBody, PlaylistSongsBody, RenamePlaylistBody, SetSongLikeBody, SongLikeStateQuery } from './dto/library-songs.dto';
import { PlaylistAnswer, PlaylistDeletedAnswer, PlaylistSongsAnswer, SongLikeAnswer, SongLikeStateAnswer } from './library-songs.answers';
import { LibrarySongsService } from './library-songs.service';
import { OwnedPlaylistsService } from './owned-playlists.service';

/** Whose account, said on every route (docs/library.md "Whose account a write touches"). */
export const WHOSE_ACCOUNT =
  'Acts on the caller\'s own login: the cookie sent with the request (`cookie` query parameter, `X-Custom-Cookie` or `Cookie` header, carrying qqmusic_key or qm_keyst and naming one account in uin / qqmusic_uin; a p_uin must agree). ' +
  'The gateway\'s stored login (cookie file or Redis) is used only when the caller also sends the admin token (`X-Admin-Token` or `Authorization: Bearer`); ' +
  'otherwise the request is refused with 401 LOGIN_REQUIRED before any upstream call.';
const WRITE_RULES =
  'Never cached, never shared with another request, never retried once sent (a timeout answers 504 WRITE_OUTCOME_UNKNOWN: read the state back before trying again). ' +
  'A successful write drops the cached reads it changed for the account (/user/getUserPlaylists, /user/getUserDetail, /user/getUserLikedSongs, and /getSongListDetail of the playlist) on every instance sharing Redis.';

/** The errors every library write can answer (docs/library.md "Errors"). */
const LOGIN_ERRORS: ErrorSpec[] = [
  { status: 401, description: 'No caller login and no admin token with a stored login, or a cookie without a login key or without an account in uin / qqmusic_uin: refused before any upstream call.', errorCodes: ['LOGIN_REQUIRED'] },
  AMBIGUOUS_ACCOUNT_ERROR,
  { status: 401, description: 'Upstream code 1000, 104400 or 104401 (after one refresh of a stored login): log in again (body has `upstreamCode`).', errorCodes: ['LOGIN_EXPIRED'] },
];
const WRITE_ERRORS: ErrorSpec[] = [
  { status: 409, description: 'Upstream did not apply the write (code 80092; body has `upstreamCode`): read the state back and try again.', errorCodes: ['WRITE_NOT_APPLIED'] },
  { status: 502, description: 'Upstream refused the write with another code, a full playlist included (body has `upstreamCode`; 80105 / 500026 mean the comm was refused, not the login).', errorCodes: ['WRITE_REFUSED'] },
  { status: 504, description: 'Upstream did not answer the write in time: it may or may not have been applied.', errorCodes: ['WRITE_OUTCOME_UNKNOWN'] },
];
const PLAYLIST_ERRORS: ErrorSpec[] = [
  { status: 403, description: 'The playlist exists but is not one of the caller\'s own (its homepage `mydiss`): nothing is written.', errorCodes: ['NOT_PLAYLIST_OWNER'] },
  { status: 404, description: 'No such playlist.', errorCodes: ['PLAYLIST_NOT_FOUND'] },
];
const UPSTREAM = [403, 500, 502, 503, 504] as const;

function ApiLibraryWrite(path: string, summary: string, description: string, ...errors: ErrorSpec[]): MethodDecorator {
  return applyDecorators(
    Post(path),
    HttpCode(200),
    UseGuards(WriteLoginGuard),
    ApiOperation({ summary, description: `${description} ${WHOSE_ACCOUNT} ${WRITE_RULES}` }),
    ApiHeader({ name: 'X-Custom-Cookie', required: false, description: 'The caller\'s QQ Music login cookie (`uin=o0…; qqmusic_key=Q_H_L_…`); a `cookie` query parameter wins over it, it wins over `Cookie`.' }),
    // Documented so the generated example (run against the demo) can use the stored login as an operator would.
    ApiAdminToken(),
    ApiErrorResponses(400, ...LOGIN_ERRORS, ...errors, ...WRITE_ERRORS, ...UPSTREAM),
  );
}

const PLAYLIST_EXAMPLE = { dissid: '7100000010', dirid: 2, dissname: '夏日歌单', songCount: 0 };

/** The song and owned-playlist writes of the library (docs/library.md); thin: every route delegates. */
@ApiTags('library')
@Controller('user')
export class LibrarySongsController {
  constructor(
    private readonly songs: LibrarySongsService,
    private readonly playlists: OwnedPlaylistsService,
  ) {}

  @ApiLibraryWrite(
    'setSongLike',
    'Like or unlike a song (the account\'s 我喜欢 list)',
    'Upstream: the song\'s detail (mid → numeric id), then `PlaylistDetailWrite` AddSonglist / DelSonglist on dirid 201. Idempotent: liking a liked song (or unliking one not liked) is a 200.',
    { status: 404, description: 'No song with that MID.', errorCodes: ['SONG_NOT_FOUND'] },
  )
  @ApiBody({ type: SetSongLikeBody, examples: { like: { value: { songmid: '0039MnYb0qxYhV', like: true } } } })
  @ApiEnvelope('The song\'s new state.', { songmid: '0039MnYb0qxYhV', songid: 97773, liked: true }, SongLikeAnswer)
  setSongLike(@Body() body: SetSongLikeBody) {
    return this.songs.setSongLike(body);
  }

  @Get('getSongLikeState')
  @UseGuards(WriteLoginGuard)
  @ApiOperation({
    summary: 'Whether the account likes each song',
    description:
      `Upstream: \`SongFavRead\` IsSongFanByMid. The account is the one a write would touch: ${WHOSE_ACCOUNT} ` +
      'Never cached: the answer is one account\'s and every like changes it, so a cached copy would need dropping on each like for every MID set asked.',
  })
  @ApiHeader({ name: 'X-Custom-Cookie', required: false, description: 'The caller\'s QQ Music login cookie.' })
  @ApiAdminToken()
  @ApiEnvelope('A boolean per distinct MID.', { liked: { '0039MnYb0qxYhV': true, '003UkWuI0E8U0l': false } }, SongLikeStateAnswer)
  @ApiErrorResponses(400, ...LOGIN_ERRORS, ...UPSTREAM)
  getSongLikeState(@Query() query: SongLikeStateQuery) {
    return this.songs.getSongLikeState(query);
  }

  @ApiLibraryWrite(
    'createPlaylist',
    'Create a playlist',
    'Upstream: `PlaylistBaseWrite` AddPlaylist. A duplicate name is not refused: QQ Music keeps another name, and the answer\'s `dissname` is the one it kept.',
  )
  @ApiBody({ type: CreatePlaylistBody, examples: { create: { value: { name: '夏日歌单' } } } })
  @ApiEnvelope('The new playlist (empty).', { playlist: PLAYLIST_EXAMPLE }, PlaylistAnswer)
  createPlaylist(@Body() body: CreatePlaylistBody) {
    return this.playlists.createPlaylist(body);
  }

  @ApiLibraryWrite(
    'renamePlaylist',
    'Rename one of the account\'s playlists',
    'Upstream: the caller\'s homepage (ownership, dirid), then `PlaylistBaseWrite` EditPlaylist.',
    ...PLAYLIST_ERRORS,
  )
  @ApiBody({ type: RenamePlaylistBody, examples: { rename: { value: { dissid: '7100000010', name: '夏夜歌单' } } } })
  @ApiEnvelope('The playlist under its new name.', { playlist: { ...PLAYLIST_EXAMPLE, dissname: '夏夜歌单', songCount: 12 } }, PlaylistAnswer)
  renamePlaylist(@Body() body: RenamePlaylistBody) {
    return this.playlists.renamePlaylist(body);
  }

  @ApiLibraryWrite(
    'deletePlaylist',
    'Delete one of the account\'s playlists',
    'Upstream: the caller\'s homepage (ownership, dirid), then `PlaylistBaseWrite` DelPlaylist. Deleting a playlist that is gone is a 404 PLAYLIST_NOT_FOUND.',
    ...PLAYLIST_ERRORS,
  )
  @ApiBody({ type: PlaylistIdBody, examples: { remove: { value: { dissid: '7100000011' } } } })
  @ApiEnvelope('The playlist is gone.', { dissid: '7100000011', deleted: true }, PlaylistDeletedAnswer)
  deletePlaylist(@Body() body: PlaylistIdBody) {
    return this.playlists.deletePlaylist(body);
  }

  @ApiLibraryWrite(
    'addPlaylistSongs',
    'Add songs to one of the account\'s playlists',
    'Upstream: the caller\'s homepage (ownership, dirid), the songs\' details in one request (mid → id), then ONE `PlaylistDetailWrite` AddSonglist with every song found, then the homepage again (the new count). ' +
      'A song that is unknown (`SONG_NOT_FOUND`) or could not be looked up (`WRITE_NOT_APPLIED`) is named in `results` with `ok: false` and was not sent; the others are applied. A song already in the playlist is `ok: true`.',
    ...PLAYLIST_ERRORS,
  )
  @ApiBody({ type: PlaylistSongsBody, examples: { add: { value: { dissid: '7100000010', songmids: ['0039MnYb0qxYhV', '003UkWuI0E8U0l'] } } } })
  @ApiEnvelope('The playlist\'s new count and each song\'s outcome.', {
    playlist: { dissid: '7100000010', dissname: 'Demo QQ\'s road trip', songCount: 4 },
    results: [{ songmid: '0039MnYb0qxYhV', ok: true, songid: 97773 }, { songmid: '001XXXXXXXXXXX', ok: false, errorCode: 'SONG_NOT_FOUND', error: 'No song found for songmid 001XXXXXXXXXXX' }],
  }, PlaylistSongsAnswer)
  addPlaylistSongs(@Body() body: PlaylistSongsBody) {
    return this.playlists.addPlaylistSongs(body);
  }

  @ApiLibraryWrite(
    'removePlaylistSongs',
    'Remove songs from one of the account\'s playlists',
    'As /user/addPlaylistSongs, with `PlaylistDetailWrite` DelSonglist. A song not in the playlist is `ok: true` (nothing to remove).',
    ...PLAYLIST_ERRORS,
  )
  @ApiBody({ type: PlaylistSongsBody, examples: { remove: { value: { dissid: '7100000010', songmids: ['0039MnYb0qxYhV'] } } } })
  @ApiEnvelope('The playlist\'s new count and each song\'s outcome.', { playlist: { dissid: '7100000010', dissname: 'Demo QQ\'s road trip', songCount: 3 }, results: [{ songmid: '0039MnYb0qxYhV', ok: true, songid: 97773 }] }, PlaylistSongsAnswer)
  removePlaylistSongs(@Body() body: PlaylistSongsBody) {
    return this.playlists.removePlaylistSongs(body);
  }
}
