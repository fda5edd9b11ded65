/**
 * What a feature service returns: the body the spec defines, plus the raw upstream answer it came from
 * (kept for the legacy `{ response: <raw> }` shape). ResponseShaper picks which one goes out when the answer is written.
 * `supplements`: further upstream answers another shape reads, fetched before the write (@FetchesShapeSupplements).
 */
export class Shaped<T = unknown> {
  constructor(
    readonly body: T,
    readonly raw: unknown,
    readonly supplements?: Record<string, unknown>,
  ) {}
}

/** The spec's common envelope `{ code: 0, msg, data }`. */
export interface Envelope<T> {
  code: 0;
  msg: string;
  data: T;
}

export function envelope<T>(data: T, raw: unknown): Shaped<Envelope<T>> {
  return new Shaped({ code: 0, msg: 'ok', data }, raw);
}
