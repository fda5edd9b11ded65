import type { Request } from 'express';
import { Obj, Raw as RawJson, type TSchema } from '../../common/answer-schema';

export { underOldNames } from '../../common/answer-schema';
import { isRecord, records } from '../../common/catalogue';

/** What every legacy adapter shares: the adapter type, the trivial adapters and the classic track names. */
export type Raw = any;
/**
 * `extra`: answers of the calls made only for the legacy shape (legacy-extras.service.ts), by the key the
 * Koa services gave them (`other`, `singer`); absent when the route makes none.
 */
export type LegacyAdapter = (shaped: { body: Raw; raw: Raw; extra?: Record<string, Raw> }, req: Request) => unknown;

/**
 * The schema of a route's legacy answer, declared beside its adapter (docs/legacy.md "Legacy answers in the OpenAPI
 * document"): a schema; a function of the route's normalised schema when the answer wraps the normalised body; or
 * `'normal'` when the legacy answer is the normalised one.
 */
export type LegacySchema = TSchema | ((normal: TSchema) => TSchema) | 'normal';

/** A route's legacy answer: how it is built, and its schema. Adding an adapter means declaring what it answers. */
export interface LegacyRoute {
  adapt: LegacyAdapter;
  schema: LegacySchema;
}

/** The default legacy answer: the upstream answer under `response`, whatever it holds. */
export const RawResponse = Obj({ response: RawJson({ description: 'The upstream answer as received (any JSON).' }) }, { title: 'LegacyRawResponse' });

/** The default: `{ response: <raw upstream answer> }`. */
export const passthrough: LegacyRoute = { adapt: (s) => ({ response: s.raw }), schema: RawResponse };
/** The older services' own CGI answer when the legacy shape asked it (LegacyExtras `reference`), else the raw. */
export const referenceOrRaw: LegacyRoute = { adapt: (s) => ({ response: s.extra?.reference ?? s.raw }), schema: RawResponse };
/** Routes the Koa services answered at the top level (no `response` wrapper): the body goes out unchanged. */
export const asIs: LegacyRoute = { adapt: (s) => s.body, schema: 'normal' };
/** The normalised envelope under `response` (where the Koa services' raw answer is something else entirely). */
export const wrappedBody: LegacyRoute = {
  adapt: (s) => ({ response: s.body }),
  schema: (normal) => Obj({ response: normal }, { title: 'LegacyWrappedBody' }),
};

/** A legacy route of an adapter that only renames or rebuilds upstream keys: its schema, declared with it. */
export const legacyRoute = (adapt: LegacyAdapter, schema: LegacySchema): LegacyRoute => ({ adapt, schema });

const firstSet = (...vals: unknown[]): unknown => vals.find((v) => v !== undefined && v !== null && v !== '');
/** firstSet, but an empty string stays when nothing else is set: a song with no album has `album.mid` ''. */
const firstOrEmpty = (...vals: unknown[]): unknown => firstSet(...vals) ?? (vals.includes('') ? '' : undefined);

/**
 * A new-shape track (`id`, `mid`, `name`, `album{}`, `file{}`, `pay{}`, `mv{}`) with the old CGIs' flat names
 * beside its own (`songid`, `songmid`, `songname`, `albumid`/`albummid`/`albumname`, `strMediaMid`, `size128`…,
 * `vid`, `pay.payplay`…), as client_search_cp and the old playlist CGI answered. `hit` (a normalised song) fills
 * what the track lacks. docs/legacy.md "Old track names".
 */
export function classicTrack(t: Raw, hit: Raw = {}): Raw {
  const track = isRecord(t) ? t : {};
  const album = isRecord(track.album) ? track.album : {};
  const file = isRecord(track.file) ? track.file : {};
  const pay = isRecord(track.pay) ? track.pay : {};
  const mv = isRecord(track.mv) ? track.mv : {};
  const singer = Array.isArray(track.singer) ? track.singer : records(hit.singers);
  const mediaMid = firstSet(track.strMediaMid, track.media_mid, file.media_mid);
  return {
    ...track,
    songid: firstSet(track.songid, track.id, hit.songid),
    songmid: firstSet(track.songmid, track.mid, hit.songmid),
    songname: firstSet(track.songname, track.name, track.title, hit.songname),
    singer,
    albumid: firstSet(track.albumid, album.id, hit.albumId),
    // client_search_cp answered albummid/albumname '' for a song without an album (its recorded answer has one)
    albummid: firstOrEmpty(track.albummid, album.mid, hit.albumMid),
    albumname: firstOrEmpty(track.albumname, album.name, album.title, hit.albumName),
    interval: firstSet(track.interval, hit.interval),
    strMediaMid: mediaMid,
    media_mid: mediaMid,
    size128: firstSet(track.size128, file.size_128mp3, file.size_128),
    size320: firstSet(track.size320, file.size_320mp3, file.size_320),
    sizeape: firstSet(track.sizeape, file.size_ape),
    sizeflac: firstSet(track.sizeflac, file.size_flac),
    vid: firstSet(track.vid, mv.vid) ?? '',
    // The old pay flags beside the new ones: payplay = pay_play (128k needs payment), paytrackmouth = pay_month.
    pay: {
      ...pay,
      payplay: firstSet(pay.payplay, pay.pay_play),
      paydownload: firstSet(pay.paydownload, pay.pay_down),
      paytrackmouth: firstSet(pay.paytrackmouth, pay.pay_month),
      paytrackprice: firstSet(pay.paytrackprice, pay.price_track),
      payalbumprice: firstSet(pay.payalbumprice, pay.price_album),
    },
  };
}
