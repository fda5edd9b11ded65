/**
 * Ids the fake upstream knows, used in place of the ids an app would take from its screens. Each app record uses
 * these so that a failing read means a missing field, not an unknown id.
 */
export const SONG_MID = '0039MnYb0qxYhV'; // 晴天, in the fake's song detail, lyric and vkey answers
export const ALBUM_MID = '000MkMni19ClKG'; // its album
export const DISSTID = '7024415872'; // the genuine playlist the fake's CgiGetDiss and cdinfo CGI answer
export const SINGER_MID = '0025NhlN2yWrP4'; // 周杰伦
export const MV_VID = 'l0031ejo935';
export const CATEGORY_ID = '10000000';
