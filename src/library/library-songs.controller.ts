import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, type ErrorSpec } from '../common/api-docs';
import { CreatePlaylistBody, PlaylistIdBody, PlaylistSongsBody, RenamePlaylistBody, SetSongLikeBody, SongLikeStateQuery } from './dto/library-songs.dto';
import { LibraryWrite, OwnAccountRead, WHOSE_ACCOUNT } from './library-docs';
import { withOldNames } from '../common/answer-schema';
import { OWNED_PLAYLIST_RENAMES, PlaylistAnswer, PlaylistDeletedAnswer, PlaylistSongsAnswer, SongLikeAnswer, SongLikeStateAnswer } from './library-songs.answers';
import { LibrarySongsService } from './library-songs.service';
import { OwnedPlaylistsService } from './owned-playlists.service';

const PLAYLIST_ERRORS: ErrorSpec[] = [
  { status: 403, description: 'The playlist exists but is not one of the caller\'s own (its homepage `mydiss`): nothing is written.', errorCodes: ['NOT_PLAYLIST_OWNER'] },
  { status: 404, description: 'No such playlist.', errorCodes: ['PLAYLIST_NOT_FOUND'] },
];
const PLAYLIST_EXAMPLE = withOldNames({ dissid: '7100000010', dirId: 2, dissname: '夏日歌单', songCount: 0 }, OWNED_PLAYLIST_RENAMES);
const ADDED_SONG = { songmid: '0039MnYb0qxYhV', ok: true, songid: 97773 };

/** The song and owned-playlist writes of the library (docs/library.md); thin: every route delegates. */
@ApiTags('library')
@Controller('user')
export class LibrarySongsController {
  constructor(
    private readonly songs: LibrarySongsService,
    private readonly playlists: OwnedPlaylistsService,
  ) {}

  @LibraryWrite(
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
  @OwnAccountRead()
  @ApiOperation({
    summary: 'Whether the account likes each song',
    description:
      `Upstream: \`SongFavRead\` IsSongFanByMid. The account is the one a write would touch: ${WHOSE_ACCOUNT} ` +
      'Never cached: the answer is one account\'s and every like changes it, so a cached copy would need dropping on each like for every MID set asked.',
  })
  @ApiEnvelope('A boolean per distinct MID.', { liked: { '0039MnYb0qxYhV': true, '003UkWuI0E8U0l': false } }, SongLikeStateAnswer)
  getSongLikeState(@Query() query: SongLikeStateQuery) {
    return this.songs.getSongLikeState(query);
  }

  @LibraryWrite(
    'createPlaylist',
    'Create a playlist',
    'Upstream: `PlaylistBaseWrite` AddPlaylist. A duplicate name is not refused: QQ Music keeps another name, and the answer\'s `dissname` is the one it kept.',
  )
  @ApiBody({ type: CreatePlaylistBody, examples: { create: { value: { name: '夏日歌单' } } } })
  @ApiEnvelope('The new playlist (empty).', { playlist: PLAYLIST_EXAMPLE }, PlaylistAnswer)
  createPlaylist(@Body() body: CreatePlaylistBody) {
    return this.playlists.createPlaylist(body);
  }

  @LibraryWrite(
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

  @LibraryWrite(
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

  @LibraryWrite(
    'addPlaylistSongs',
    'Add songs to one of the account\'s playlists',
    'Upstream: the caller\'s homepage (ownership, dirid), the songs\' details in one request (mid → id), then ONE `PlaylistDetailWrite` AddSonglist with every song found, then the homepage again (the new count). ' +
      'A song that is unknown (`SONG_NOT_FOUND`) or could not be looked up (`WRITE_NOT_APPLIED`) is named in `results` with `ok: false` and was not sent; the others are applied. A song already in the playlist is `ok: true`.',
    ...PLAYLIST_ERRORS,
  )
  @ApiBody({ type: PlaylistSongsBody, examples: { add: { value: { dissid: '7100000010', songmids: ['0039MnYb0qxYhV', '003UkWuI0E8U0l'] } } } })
  @ApiEnvelope('The playlist\'s new count and each song\'s outcome.', {
    playlist: { dissid: '7100000010', dissname: 'Demo QQ\'s road trip', songCount: 4 },
    results: [ADDED_SONG, { songmid: '001XXXXXXXXXXX', ok: false, errorCode: 'SONG_NOT_FOUND', error: 'No song found for songmid 001XXXXXXXXXXX' }],
  }, PlaylistSongsAnswer)
  addPlaylistSongs(@Body() body: PlaylistSongsBody) {
    return this.playlists.addPlaylistSongs(body);
  }

  @LibraryWrite(
    'removePlaylistSongs',
    'Remove songs from one of the account\'s playlists',
    'As /user/addPlaylistSongs, with `PlaylistDetailWrite` DelSonglist. A song not in the playlist is `ok: true` (nothing to remove).',
    ...PLAYLIST_ERRORS,
  )
  @ApiBody({ type: PlaylistSongsBody, examples: { remove: { value: { dissid: '7100000010', songmids: ['0039MnYb0qxYhV'] } } } })
  @ApiEnvelope('The playlist\'s new count and each song\'s outcome.', { playlist: { dissid: '7100000010', dissname: 'Demo QQ\'s road trip', songCount: 3 }, results: [ADDED_SONG] }, PlaylistSongsAnswer)
  removePlaylistSongs(@Body() body: PlaylistSongsBody) {
    return this.playlists.removePlaylistSongs(body);
  }
}
