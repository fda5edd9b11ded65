import { ALBUM_MID, type IdFamily, MV_VID, PLAYLIST_ID, SINGER_MID, SONG_ID, SONG_MID } from '../../src/common/validation';

/** The kinds `--param <name>:<kind>` takes: each a composed decorator of src/common/validation.ts with its documentation. */
export type KindName = 'songMid' | 'albumMid' | 'singerMid' | 'mvVid' | 'songId' | 'playlistId' | 'limit' | 'page' | 'int' | 'bool' | 'text';

export interface Param {
  name: string;
  kind: KindName;
  required: boolean;
}

/** What a kind generates: the decorator, its imports from validation.ts, the TS type, an example the fake knows. */
interface Kind {
  /** The decorator call for a field named `name` (`write`: a JSON body field). */
  decorator: (p: Param, write: boolean) => string;
  imports: string[];
  type: 'string' | 'number' | 'boolean';
  /** A value the fake upstream answers (a write's: one account 10001 owns). */
  example: (write: boolean) => string | number | boolean;
  /** The initial value of an optional field (its documented default), if it has one. */
  initial?: string;
  /** The endpoint table's kind (test/support/endpoints.ts). */
  rowKind: 'mid' | 'numid' | 'int' | 'bool' | 'text';
  /** The answer field echoing it (lowerCamelCase, `Mid`/`Id` suffixes), when it names a thing. */
  field?: string;
  /** The id family, for the refusal message of a malformed value. */
  family?: { constant: string; value: IdFamily };
  /** The 404 of an unknown thing (--not-found), from the codes that exist. */
  notFound?: { errorCode: string; thing: string };
  /** A value the decorator refuses, and the message it answers (`{name}` replaced). */
  malformed?: { value: string; message: string };
}

const id = (constant: string, value: IdFamily, example: (write: boolean) => string, field: string, description: string, extra: Partial<Kind> = {}): Kind => ({
  decorator: (p, write) => `@IdParam(${constant}, { ${p.required ? 'required: true, ' : ''}${value.form ? '' : 'trim: true, '}description: '${description}', example: '${example(write)}' })`,
  imports: ['IdParam', constant],
  type: 'string',
  example,
  rowKind: value.form ? 'numid' : 'mid',
  field,
  family: { constant, value },
  malformed: { value: value.form ? 'x1' : 'not-a-mid', message: `{name} must be ${value.noun}` },
  ...extra,
});

const MID_TEXT = 'letters and digits, at most 32 characters.';

export const KINDS: Record<KindName, Kind> = {
  songMid: id('SONG_MID', SONG_MID, () => '0039MnYb0qxYhV', 'songMid', `Song MID: ${MID_TEXT}`, { notFound: { errorCode: 'SONG_NOT_FOUND', thing: 'song' } }),
  albumMid: id('ALBUM_MID', ALBUM_MID, () => '000MkMni19ClKG', 'albumMid', `Album MID: ${MID_TEXT}`, { notFound: { errorCode: 'ALBUM_NOT_FOUND', thing: 'album' } }),
  singerMid: id('SINGER_MID', SINGER_MID, () => '0025NhlN2yWrP4', 'singerMid', `Singer MID: ${MID_TEXT}`),
  mvVid: id('MV_VID', MV_VID, () => 'l0031ejo935', 'mvVid', `MV vid: ${MID_TEXT}`),
  songId: id('SONG_ID', SONG_ID, () => '97773', 'songId', 'Numeric song id (at most 15 digits).', { notFound: { errorCode: 'SONG_NOT_FOUND', thing: 'song' } }),
  playlistId: id('PLAYLIST_ID', PLAYLIST_ID, (write) => (write ? '7000001' : '7024415872'), 'playlistId', 'Numeric playlist id (dissid / disstid, at most 15 digits).', {
    notFound: { errorCode: 'PLAYLIST_NOT_FOUND', thing: 'playlist' },
  }),
  limit: {
    decorator: () => "@LimitParam({ max: 100, description: 'Items per page.', example: 10 })",
    imports: ['LimitParam'],
    type: 'number',
    example: () => 10,
    initial: '20',
    rowKind: 'int',
    malformed: { value: 'many', message: '{name} must be an integer' },
  },
  page: {
    decorator: () => "@PageParam({ max: 1000, description: '0-based page of `limit` items.', example: 0 })",
    imports: ['PageParam'],
    type: 'number',
    example: () => 0,
    initial: '0',
    rowKind: 'int',
    malformed: { value: '-1', message: '{name} must be 0 or more' },
  },
  int: {
    decorator: (p, write) => `@IntParam({ ${p.required ? 'required: true, ' : ''}min: 0, max: 1000, ${write ? 'jsonOnly: true, ' : ''}description: 'TODO(new:endpoint): what ${p.name} is.', example: 1 })`,
    imports: ['IntParam'],
    type: 'number',
    example: () => 1,
    initial: '0',
    rowKind: 'int',
    malformed: { value: '1.5', message: '{name} must be an integer' },
  },
  bool: {
    decorator: (p, write) => `@BoolParam({ ${p.required ? 'required: true, ' : ''}${write ? 'jsonOnly: true, ' : ''}description: 'TODO(new:endpoint): what true means.', example: true })`,
    imports: ['BoolParam'],
    type: 'boolean',
    example: () => true,
    initial: 'false',
    rowKind: 'bool',
    malformed: { value: 'maybe', message: '{name} must be true or false' },
  },
  text: {
    decorator: (p, write) =>
      `@TextParam({ ${p.required ? 'required: true, ' : ''}${write ? 'string: true, ' : ''}read: ToTrimmed(), maxLength: 100, description: 'TODO(new:endpoint): what ${p.name} holds (1 to 100 characters).', example: 'summer' })`,
    imports: ['TextParam', 'ToTrimmed'],
    type: 'string',
    example: () => 'summer',
    rowKind: 'text',
  },
};

export const KIND_NAMES = Object.keys(KINDS) as KindName[];

/** `songmid:songMid`, `limit:limit?` (optional), `flag:bool`: ids and text are required unless marked `?`, the rest optional unless marked `!`. */
export function parseParam(text: string): Param {
  const m = /^([a-z][A-Za-z0-9_]*):([A-Za-z]+)([?!]?)$/.exec(text.trim());
  if (!m) throw new Error(`--param ${text}: expected <name>:<kind>[?|!], e.g. songmid:songMid or limit:limit`);
  const [, name, kind, mark] = m;
  if (!KIND_NAMES.includes(kind as KindName)) throw new Error(`--param ${text}: unknown kind ${kind}; one of ${KIND_NAMES.join(', ')}`);
  const byDefault = KINDS[kind as KindName].initial === undefined;
  return { name, kind: kind as KindName, required: mark === '!' ? true : mark === '?' ? false : byDefault };
}
