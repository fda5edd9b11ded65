import { AnyOf, Arr, BoolConst, Enum, Int, Nullable, Num, Obj, Optional, RawObject, type Static, Str, WithOldNames } from '../common/answer-schema';

/**
 * What the music routes answer (decision 021: each schema is also the type its mapper or service returns):
 * /getSongInfo, /batchGetSongInfo, /getMusicPlay, /downloadMainMusic, /getLyric, /getAlbumInfo, /getAlbumSongs,
 * /getSongFavCount.
 */

export const SongSinger = Obj({ id: Int(), mid: Str(), name: Str() });
export type SongSinger = Static<typeof SongSinger>;

// ---------------------------------------------------------------- song detail

/** The old names of a song summary's renamed fields (src/common/glossary.ts). */
export const SONG_SUMMARY_RENAMES = { singer: 'singers', timePublic: 'publicTime' } as const;

export const SongSummary = Obj(
  WithOldNames(
    {
      id: Int({ description: 'Numeric song id.' }),
      mid: Str({ description: 'Song MID.' }),
      name: Str(),
      title: Str({ description: 'Upstream `title` (often the name with a version note); the name when upstream has none.' }),
      singers: Arr(SongSinger),
      album: Obj({ id: Int(), mid: Str(), name: Str(), cover: Str({ description: 'Album cover URL (300×300); \'\' when the song has no album.' }) }),
      interval: Int({ description: 'Duration in seconds.' }),
      publicTime: Str({ description: 'Release date as upstream writes it (YYYY-MM-DD), \'\' when unknown.' }),
      mediaMid: Str({ description: 'The media MID the audio files are named by; \'\' when upstream has none.' }),
    },
    SONG_SUMMARY_RENAMES,
  ),
);
export type SongSummary = Static<typeof SongSummary>;

/** `songinfo.data` of the upstream song-detail answer, passed on as received. */
const UpstreamSongInfo = Obj({
  code: Enum([0] as const),
  data: RawObject({ description: 'Upstream `songinfo.data` as received: `{ track_info, info, extras }`.' }),
});

/** /getSongInfo: not the envelope, because `songinfo` sits beside `data` (the spec's path `songinfo.data.track_info.mid`). */
export const SongInfoAnswer = Obj({ code: Enum([0] as const), msg: Str({ example: 'ok' }), data: SongSummary, songinfo: UpstreamSongInfo });
export type SongInfoAnswer = Static<typeof SongInfoAnswer>;

const BatchKey = {
  song_mid: Str({ description: 'The MID as sent (trimmed); \'\' when the entry gave only an id.' }),
  song_id: Str({ description: 'The id as sent (trimmed); \'\' when the entry gave none.' }),
};

export const BatchSongFound = Obj({ ...BatchKey, ok: BoolConst(true), data: SongSummary, songinfo: UpstreamSongInfo }, { title: 'BatchSongFound' });
export type BatchSongFound = Static<typeof BatchSongFound>;

export const BatchSongFailed = Obj(
  {
    ...BatchKey,
    ok: BoolConst(false),
    error: Str(),
    errorCode: Str({ description: 'What a single /getSongInfo would answer, e.g. SONG_NOT_FOUND, UPSTREAM_TIMEOUT.' }),
    upstreamCode: Optional(Int({ description: 'Upstream business code, when the failure came from one.' })),
  },
  { title: 'BatchSongFailed' },
);
export type BatchSongFailed = Static<typeof BatchSongFailed>;

export const BatchSongInfoAnswer = Arr(AnyOf([BatchSongFound, BatchSongFailed]), { description: 'One element per entry, in request order.' });
export type BatchSongInfoAnswer = Static<typeof BatchSongInfoAnswer>;

// ---------------------------------------------------------------- play and download URLs

/** Labels of the levels (docs/music.md "Quality levels"): the first five are the original ones, unchanged. */
export const QUALITY_LABELS = [
  '128kbps',
  '320kbps',
  'm4a',
  'flac',
  'ape',
  'aac48',
  'aac192',
  'ogg96',
  'ogg192',
  'ogg320',
  'ogg640',
  'hires',
  'master',
  'atmos',
  'atmos51',
  'atmos71',
  'dolby',
  'dtsx',
  'nac',
] as const;
export type QualityLabel = (typeof QUALITY_LABELS)[number];

/** The `quality` names a song has a file for (the request names, not the labels). */
const Available = Arr(Str(), {
  description: 'The `quality` names this song has a file in (from its detail\'s sizes), e.g. ["128", "320", "m4a", "flac"]; [] when unknown.',
});

const PlayFields = {
  url: Str({ description: 'Stream URL with its vkey; valid about a day.' }),
  size: Int({ description: 'File size in bytes.' }),
  quality: Enum(QUALITY_LABELS, { description: 'Label of the level served (with quality=best: the level chosen).' }),
  available: Available,
  trial: Optional(
    BoolConst(true, { description: 'Present (true) when the full file had no URL and this is the song\'s trial clip (about 30–60 s, MP3).' }),
  ),
  trialSeconds: Optional(Int({ description: 'Length of the trial clip in seconds (only with `trial`).' })),
};

/** One MID: its URL. */
export const PlayUrl = Obj(PlayFields, { title: 'PlayUrl' });
export type PlayUrl = Static<typeof PlayUrl>;

/** Why a song has no URL, as a single MID answers it. */
export const PLAY_FAILURE_CODES = ['SONG_NOT_FOUND', 'QUALITY_UNAVAILABLE', 'NO_PLAY_URL', 'ENCRYPTED_ONLY'] as const;

export const PlayListEntry = Obj({ songmid: Str(), ...PlayFields }, { title: 'PlayListEntry' });
export const PlayListFailure = Obj(
  {
    songmid: Str(),
    url: Enum([''] as const, { description: 'Always \'\': the song has no URL.' }),
    error: Str(),
    errorCode: Enum(PLAY_FAILURE_CODES, { description: 'What a single MID would answer as its error.' }),
    available: Available,
  },
  { title: 'PlayListFailure' },
);
export type PlayListFailure = Static<typeof PlayListFailure>;

/** Comma-separated MIDs: one entry per MID, in order. */
export const PlayList = Obj({ list: Arr(AnyOf([PlayListEntry, PlayListFailure])) }, { title: 'PlayList' });
export type PlayList = Static<typeof PlayList>;

export const MusicPlayAnswer = AnyOf([PlayUrl, PlayList]);
export type MusicPlayAnswer = Static<typeof MusicPlayAnswer>;

/** /downloadMainMusic (and its alias /downloadQQMusic): a JSON answer naming the URL, not the audio itself. */
export const DownloadAnswer = Obj({ ...PlayFields, filename: Str({ description: 'Upstream file name to save the download as, e.g. F000003Qui1q2u1Zho.flac.' }) });
export type DownloadAnswer = Static<typeof DownloadAnswer>;

/** POST /getMusicPlayBatch: one element per MID sent, as /batchGetSongInfo answers (`ok` tells them apart). */
export const BatchPlayFound = Obj(
  { songmid: Str({ description: 'The MID as sent.' }), ok: BoolConst(true), ...PlayFields, filename: Str({ description: 'Upstream file name of the level served.' }) },
  { title: 'BatchPlayFound' },
);
export type BatchPlayFound = Static<typeof BatchPlayFound>;

export const BatchPlayFailed = Obj(
  {
    songmid: Str({ description: 'The MID as sent.' }),
    ok: BoolConst(false),
    error: Str(),
    errorCode: Str({ description: 'What a single /getMusicPlay would answer, e.g. NO_PLAY_URL, QUALITY_UNAVAILABLE, UPSTREAM_TIMEOUT.' }),
    available: Available,
    upstreamResult: Optional(Int({ description: 'The vkey entry\'s `result` (NO_PLAY_URL), e.g. 104003 no rights.' })),
    upstreamCode: Optional(Int({ description: 'Upstream business code, when the failure came from one.' })),
  },
  { title: 'BatchPlayFailed' },
);
export type BatchPlayFailed = Static<typeof BatchPlayFailed>;

export const BatchPlayAnswer = Arr(AnyOf([BatchPlayFound, BatchPlayFailed]), { description: 'One element per MID sent, in request order.' });
export type BatchPlayAnswer = Static<typeof BatchPlayAnswer>;

// ---------------------------------------------------------------- lyric

export const LyricTags = Obj({
  title: Str({ description: '`[ti:…]`, \'\' when absent.' }),
  artist: Str({ description: '`[ar:…]`.' }),
  album: Str({ description: '`[al:…]`.' }),
  offset: Num({ description: '`[offset:…]` in ms (0 when absent).' }),
  by: Str({ description: '`[by:…]`.' }),
});
export type LyricTags = Static<typeof LyricTags>;

/** The old name of a parsed line's text (src/common/glossary.ts): `txt`, as sansenjian/qq-music-api (Koa) names it. */
export const LYRIC_LINE_RENAMES = { txt: 'text' } as const;

export const LyricLine = Obj(
  WithOldNames(
    {
      time: Int({ description: 'Start time in ms.' }),
      text: Str({ description: 'The line\'s text.' }),
    },
    LYRIC_LINE_RENAMES,
  ),
);
export type LyricLine = Static<typeof LyricLine>;

export const ParsedLyric = Obj({ lyric: Str({ description: 'The LRC text.' }), tags: LyricTags, lines: Arr(LyricLine, { description: 'Timed lines sorted by time; empty ones dropped.' }) });
export type ParsedLyric = Static<typeof ParsedLyric>;

/** isFormat=0: the LRC texts. */
export const LyricText = Obj({ lyric: Str({ description: 'UTF-8 LRC text.' }), trans: Str({ description: 'Translation LRC text, \'\' when none.' }) }, { title: 'LyricText' });
/** isFormat=1: each text parsed. */
export const LyricParsed = Obj({ lyric: ParsedLyric, trans: ParsedLyric }, { title: 'LyricParsed' });

export const LyricAnswer = AnyOf([LyricText, LyricParsed]);
export type LyricAnswer = Static<typeof LyricAnswer>;

// ---------------------------------------------------------------- albums

/** The old names of an album song's renamed fields (src/common/glossary.ts). */
export const ALBUM_SONG_RENAMES = { singer: 'singers' } as const;

export const AlbumSong = Obj(WithOldNames({ songmid: Str(), songid: Int(), songname: Str(), singers: Arr(SongSinger), interval: Int({ description: 'Duration in seconds.' }) }, ALBUM_SONG_RENAMES));
export type AlbumSong = Static<typeof AlbumSong>;

export const AlbumInfo = Obj({
  albumId: Int(),
  albumMid: Str(),
  albumName: Str(),
  singerName: Str({ description: 'Singer names joined with "/".' }),
  publicTime: Str({ description: 'YYYY-MM-DD, or \'\' when upstream has no date.' }),
  cover: Str({ description: 'Cover image URL.' }),
  company: Str(),
  desc: Str(),
  total: Int({ description: 'Songs on the album according to upstream (may exceed songs.length when upstream pages).' }),
  songs: Arr(AlbumSong),
});
export type AlbumInfo = Static<typeof AlbumInfo>;

export const AlbumSongsPage = Obj({
  albumMid: Str({ description: 'The albummid asked.' }),
  total: Int({ description: 'The album\'s song count.' }),
  page: Int({ description: '0-based page, as asked.' }),
  limit: Int(),
  songs: Arr(AlbumSong),
});
export type AlbumSongsPage = Static<typeof AlbumSongsPage>;

// ---------------------------------------------------------------- word-by-word lyric (format=qrc|timeline)

export const LYRIC_FORMATS = ['lrc', 'qrc', 'timeline'] as const;
export type LyricFormat = (typeof LYRIC_FORMATS)[number];

const Ms = (description: string) => Int({ description, minimum: 0 });

export const LyricWord = Obj({ start: Ms('Start in ms from the song\'s start.'), duration: Ms('Duration in ms.'), text: Str({ description: 'The word or syllable, with its spacing.' }) }, { title: 'LyricWord' });
export type LyricWord = Static<typeof LyricWord>;

export const LyricRomaLine = Obj({ text: Str({ description: 'The line romanised; \'\' when upstream has no romanisation for it.' }), words: Arr(LyricWord) }, { title: 'LyricRomaLine' });

export const LyricTimelineLine = Obj(
  {
    start: Ms('Start in ms.'),
    duration: Ms('Duration in ms (line-level fallback: until the next line starts; 0 for the last).'),
    text: Str(),
    words: Arr(LyricWord, { description: 'Word-by-word timing; empty when the line has none (and always in the line-level fallback).' }),
    trans: Optional(Str({ description: 'The line\'s translation, when upstream translates it (matched by time).' })),
    roma: Optional(LyricRomaLine),
  },
  { title: 'LyricTimelineLine' },
);
export type LyricTimelineLine = Static<typeof LyricTimelineLine>;

/** format=timeline. */
export const LyricTimeline = Obj(
  {
    format: Enum(['timeline'] as const),
    source: Enum(['qrc', 'lrc'] as const, { description: 'qrc: word-by-word. lrc: line-level from the LRC, because the word-by-word lyric is missing or broken (`message` says why).' }),
    tags: LyricTags,
    lines: Arr(LyricTimelineLine, { description: 'Sorted by start; blank lines dropped.' }),
    roma: Optional(Str({ description: 'roma=1: the romanisation as QRC text (\'\' when upstream has none).' })),
    message: Optional(Str({ description: 'Why the answer is the line-level fallback, or what was left out (a broken translation or romanisation, malformed lines).' })),
  },
  { title: 'LyricTimeline' },
);
export type LyricTimeline = Static<typeof LyricTimeline>;

/** format=qrc. */
export const LyricQrc = Obj(
  {
    format: Enum(['qrc'] as const),
    lyric: Str({ description: 'The QRC lines, `[start,duration]word(start,duration)…` (ms), decrypted and taken out of their XML wrapper.' }),
    trans: Str({ description: 'Translation LRC text, \'\' when none.' }),
    roma: Optional(Str({ description: 'roma=1: romanisation QRC text, \'\' when none.' })),
    message: Optional(Str({ description: 'What was left out and why (a broken translation or romanisation, malformed lines).' })),
  },
  { title: 'LyricQrc' },
);
export type LyricQrc = Static<typeof LyricQrc>;

/** format=qrc when the word-by-word lyric is missing or broken: the LRC texts of format=lrc, and why. */
export const LyricQrcFallback = Obj(
  {
    format: Enum(['lrc'] as const),
    lyric: Str({ description: 'UTF-8 LRC text.' }),
    trans: Str({ description: 'Translation LRC text, \'\' when none.' }),
    message: Str({ description: 'Why the word-by-word lyric is not given.' }),
  },
  { title: 'LyricQrcFallback' },
);
export type LyricQrcFallback = Static<typeof LyricQrcFallback>;

/** Everything /getLyric answers: format=lrc as before (LyricText, LyricParsed), and the opt-in formats. */
export const GetLyricAnswer = AnyOf([LyricText, LyricParsed, LyricQrc, LyricQrcFallback, LyricTimeline]);
export type GetLyricAnswer = Static<typeof GetLyricAnswer>;

// ---------------------------------------------------------------- GET /getSongFavCount

/** GET /getSongFavCount's `data`: how many users favourited a song (docs/upstream/music.md "Song favourite count"). */
export const SongFavCountAnswer = Obj({
  songmid: Str({ description: 'The song MID asked for.' }),
  songid: Int({ description: 'The song\'s numeric id (what upstream counts by).' }),
  favCount: Nullable(
    Int({
      description:
        'Users who favourited the song: upstream\'s number, which is seen capped at 1000001 for a song with millions (read `favCountText` then). ' +
        'Null when upstream gave no number for the song.',
    }),
  ),
  favCountText: Str({ description: 'The figure QQ Music\'s app shows, as upstream writes it (e.g. `550w+`: w = 万, 10 000); \'\' when upstream gave none.' }),
});
export type SongFavCountAnswer = Static<typeof SongFavCountAnswer>;

/** The answer to the documented example request (晴天 in the fake): the controller shows it, the e2e test expects it. */
export const SONG_FAV_COUNT_EXAMPLE: SongFavCountAnswer = { songmid: '0039MnYb0qxYhV', songid: 97773, favCount: 1000001, favCountText: '550w+' };
