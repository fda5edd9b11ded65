import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsString, Matches, MaxLength } from 'class-validator';
import { BoolParam, ArrayParam, IdParam, PLAYLIST_ID, SONG_MID, ToTrimmed } from '../../common/validation';
import { LIKE_STATE_MAX, PLAYLIST_SONGS_MAX } from '../library-songs.mapper';

/** The playlist names the gateway sends on: printable, no control characters. */
// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const NAME = /^[^\u0000-\u001f\u007f]+$/;
export const PLAYLIST_NAME_MAX = 50;
const NAME_TEXT = `The playlist's name: 1 to ${PLAYLIST_NAME_MAX} characters after trimming, no control characters. QQ Music may keep another name (it renames a duplicate): the answer's \`dissname\` is the one it kept.`;

/** POST /user/setSongLike. */
export class SetSongLikeBody {
  @IdParam(SONG_MID, { required: true, trim: true, description: 'Song MID: letters and digits, at most 32 characters.', example: '0039MnYb0qxYhV' })
  songmid!: string;

  @BoolParam({
    required: true,
    jsonOnly: true,
    description: 'true likes the song (adds it to 我喜欢), false unlikes it. Either is a 200 when the song is already so.',
    example: true,
    message: 'like must be true (like) or false (unlike)',
  })
  like!: boolean;
}

/** The `dissid` of an owned-playlist write. */
export class PlaylistIdBody {
  @IdParam(PLAYLIST_ID, {
    required: true,
    description: 'The playlist\'s numeric id (dissid / disstid, ≤ 15 digits; a JSON number is accepted). It must be one of the caller\'s own playlists.',
    example: '7100000010',
  })
  dissid!: string;
}

/**
 * A playlist name's checks, in the order they speak (stopAtFirstError): the type first, so `name: 12345` is told it
 * must be a string rather than that it holds control characters.
 */
const PlaylistName = (description: string, example: string) =>
  applyDecorators(
    IsDefined({ message: 'name is required' }),
    ToTrimmed(),
    ApiProperty({ type: 'string', description, minLength: 1, maxLength: PLAYLIST_NAME_MAX, example }),
    IsString({ message: 'name must be a string (the playlist\'s name)' }),
    MaxLength(PLAYLIST_NAME_MAX, { message: `name must be at most ${PLAYLIST_NAME_MAX} characters` }),
    Matches(NAME, { message: 'name must not contain control characters' }),
  );

/** POST /user/createPlaylist. */
export class CreatePlaylistBody {
  @PlaylistName(NAME_TEXT, '夏日歌单')
  name!: string;
}

/** POST /user/renamePlaylist. */
export class RenamePlaylistBody extends PlaylistIdBody {
  @PlaylistName(`The new name. ${NAME_TEXT}`, '夏夜歌单')
  name!: string;
}

/** POST /user/addPlaylistSongs and /user/removePlaylistSongs. */
export class PlaylistSongsBody extends PlaylistIdBody {
  @ArrayParam(SONG_MID, {
    required: true,
    min: 1,
    max: PLAYLIST_SONGS_MAX,
    description: `1 to ${PLAYLIST_SONGS_MAX} song MIDs. A repeated MID counts once (de-duplicated, one result per distinct MID, in the order first given).`,
    example: ['0039MnYb0qxYhV', '003UkWuI0E8U0l'],
    messages: {
      notArray: `songmids must be an array of 1 to ${PLAYLIST_SONGS_MAX} song MIDs`,
      tooMany: `songmids must be an array of 1 to ${PLAYLIST_SONGS_MAX} song MIDs`,
      item: 'songmids must hold song MIDs (letters and digits, at most 32 characters each)',
    },
  })
  songmids!: string[];
}

/** GET /user/getSongLikeState. */
export class SongLikeStateQuery {
  @IsDefined({ message: 'songmids is required' })
  @Transform(({ value }) => (typeof value === 'string' ? value.split(',').map((m) => m.trim()).filter(Boolean) : value))
  @IsArray({ message: `songmids must be a comma-separated list of 1 to ${LIKE_STATE_MAX} song MIDs` })
  @ArrayMinSize(1, { message: `songmids must be a comma-separated list of 1 to ${LIKE_STATE_MAX} song MIDs` })
  @ArrayMaxSize(LIKE_STATE_MAX, { message: `songmids must be a comma-separated list of 1 to ${LIKE_STATE_MAX} song MIDs` })
  @Matches(SONG_MID.pattern, { each: true, message: 'songmids must hold song MIDs (letters and digits, at most 32 characters each)' })
  @ApiProperty({ type: 'string', description: `Comma-separated song MIDs, 1 to ${LIKE_STATE_MAX} (repeats count once).`, example: '0039MnYb0qxYhV,003UkWuI0E8U0l' })
  songmids!: string[];
}
