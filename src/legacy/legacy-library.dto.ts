import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, Equals, IsArray, IsDefined, IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { BoolParam, ArrayParam, IntParam, SONG_MID } from '../common/validation';
import { LIKE_STATE_MAX, PLAYLIST_SONGS_MAX } from '../library/library-songs.mapper';

const SONG_TYPE_MESSAGE = 'songs[].songType must be an integer from 0 to 1000';

/** One song of the Koa fork's /setFav: its numeric id and type. */
export class LegacyFavSong {
  @IsDefined({ message: 'songs[].songId is required' })
  @IsInt({ message: 'songs[].songId must be a positive integer song id' }) @Min(1, { message: 'songs[].songId must be a positive integer song id' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'songs[].songId must be a positive integer song id' })
  @ApiProperty({ type: 'integer', description: 'The song\'s numeric id.', example: 97773 })
  songId!: number;

  @IntParam({ min: 0, max: 1000, jsonOnly: true, description: 'The song\'s type (0 for ordinary songs).', example: 0, messages: { integer: SONG_TYPE_MESSAGE, min: SONG_TYPE_MESSAGE, max: SONG_TYPE_MESSAGE } })
  songType: number = 0;
}

/** POST /setFav (Yuuz12/qq-music-api): like (`isFan: false`) or unlike (`isFan: true`) songs by id. */
export class LegacySetFavBody {
  @IsOptional()
  @Equals(201, { message: 'dirId must be 201 (the liked list); change another playlist with /user/addPlaylistSongs or /user/removePlaylistSongs' })
  @ApiPropertyOptional({ type: 'integer', description: 'Only 201, the account\'s 我喜欢 list (the default).', enum: [201], default: 201, example: 201 })
  dirId: number = 201;

  @IsDefined({ message: 'songs is required' })
  @IsArray({ message: `songs must be an array of 1 to ${PLAYLIST_SONGS_MAX} { songId, songType? }` })
  @ArrayMinSize(1, { message: `songs must be an array of 1 to ${PLAYLIST_SONGS_MAX} { songId, songType? }` })
  @ArrayMaxSize(PLAYLIST_SONGS_MAX, { message: `songs must be an array of 1 to ${PLAYLIST_SONGS_MAX} { songId, songType? }` })
  @ValidateNested({ each: true }) @Type(() => LegacyFavSong)
  @ApiProperty({ type: [LegacyFavSong], description: `1 to ${PLAYLIST_SONGS_MAX} songs by numeric id.`, minItems: 1, maxItems: PLAYLIST_SONGS_MAX, example: [{ songId: 97773, songType: 0 }] })
  songs!: LegacyFavSong[];

  @BoolParam({
    required: true,
    jsonOnly: true,
    description: 'The fork\'s meaning: whether the songs are liked NOW, so `true` unlikes them and `false` likes them.',
    example: false,
    message: 'isFan must be true (unlike: the songs are liked now) or false (like)',
  })
  isFan!: boolean;
}

/** POST /getIsSongFan (Yuuz12/qq-music-api). */
export class LegacyIsSongFanBody {
  @ArrayParam(SONG_MID, {
    required: true,
    min: 1,
    max: LIKE_STATE_MAX,
    description: `1 to ${LIKE_STATE_MAX} song MIDs.`,
    example: ['0039MnYb0qxYhV'],
    messages: {
      notArray: `songmids must be an array of 1 to ${LIKE_STATE_MAX} song MIDs`,
      tooMany: `songmids must be an array of 1 to ${LIKE_STATE_MAX} song MIDs`,
      item: 'songmids must hold song MIDs (letters and digits, at most 32 characters each)',
    },
  })
  songmids!: string[];
}
