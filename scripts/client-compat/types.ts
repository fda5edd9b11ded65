/**
 * Public apps written against the Koa qq-music-api services, recorded call by call: what each app sends and which
 * fields of the answer it reads. test/legacy/client-compat.e2e-spec.ts replays every call against the gateway in the legacy
 * shape; scripts/docs/clients.ts renders docs/clients.md from the same records.
 */

/** What the test sets up before a call, and the `$name` placeholders it fills in query, body and headers. */
export type CallSetup =
  /** A QR login of the fake, scanned and confirmed: fills `$qrsig` and `$ptqrtoken`. */
  | 'qq-login-confirmed'
  /** A logged-in account the fake knows: fills `$uin` and `$cookie` (the cookie the app stored after logging in). */
  | 'login-cookie';

export interface ClientCall {
  /** The app's own name for the call (its function or method), for the report. */
  name: string;
  method: 'GET' | 'POST';
  /** Path exactly as the app builds it, after its base URL (which the switch replaces). */
  path: string;
  /** Query parameters in the order and spelling the app sends them. */
  query?: Record<string, string>;
  /** Request body; `contentType` says how it is encoded (JSON unless stated). */
  body?: Record<string, unknown> | null;
  contentType?: 'json' | 'form';
  headers?: Record<string, string>;
  setup?: CallSetup;
  /**
   * JS-style paths into the JSON body the app reads: `a.b[0].c`; `[]` = every element of an array (at least one);
   * a key that is not an identifier (a song MID) is written as a plain segment. `p1 || p2` = the app takes the first
   * of several spellings that is there (`item.title || item.dissname`): one of them must resolve.
   */
  reads: string[];
  /** Paths the app reads that no upstream call can provide (the app gets undefined from every server). */
  unavailable?: { path: string; reason: string }[];
  /** Where in the app this call is built and read (file:line at the recorded commit). */
  where: string[];
}

export interface ClientApp {
  /** owner/name on GitHub. */
  repo: string;
  /** The commit the calls were read at. */
  commit: string;
  /** Files the calls and reads come from. */
  files: string[];
  /** One line: what the app is and how it reaches the service (base URL, prefix, HTTP client). */
  summary: string;
  calls: ClientCall[];
  /** Calls the app makes to routes the Koa services never had (its own server's extensions), not replayed. */
  notReplayed?: { path: string; reason: string }[];
}
