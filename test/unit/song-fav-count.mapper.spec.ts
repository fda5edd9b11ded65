import Ajv from 'ajv';
import { SongFavCountAnswer } from '../../src/music/music.answers';
import { mapSongFavCount } from '../../src/music/music.mapper';
import type { GetSongFavCountQuery } from '../../src/music/dto/get-song-fav-count.dto';
import type { SongFavCountUpstream } from '../../src/upstream/clients/music.client';

/**
 * mapSongFavCount (src/music/music.mapper.ts) on what upstream may answer instead of the usual (that one is
 * test/music/song-fav-count.e2e-spec.ts's): a field-less answer still gives one that fits the schema, or null (not
 * found).
 */
describe('mapSongFavCount', () => {
  const fits = new Ajv({ strict: false, allErrors: true }).compile(SongFavCountAnswer);
  const query: GetSongFavCountQuery = { songmid: '0039MnYb0qxYhV' };
  /** An answer with only the fields given (the others missing, as a changed upstream might send). */
  const partial = (data: Record<string, any>) => ({ raw: {}, data }) as Partial<SongFavCountUpstream> as SongFavCountUpstream;

  it.each([{}, { unexpected: 'shape' }, { code: 0, data: null }])('maps %j without throwing, to an answer that fits SongFavCountAnswer', (data) => {
    const answer = mapSongFavCount(query, partial(data));
    if (answer === null) return;
    expect(fits(answer) ? [] : fits.errors).toEqual([]);
  });
});
