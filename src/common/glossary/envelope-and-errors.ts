import type { GroupEntries } from './entry';

/** The glossary's "Envelope and errors" names (src/common/glossary.ts merges the groups). */
export const ENVELOPE_AND_ERRORS: GroupEntries<'Envelope and errors'> = {
  code: {
    group: 'Envelope and errors',
    meaning: 'The envelope\'s `0` (success). Elsewhere a numeric code: the Main login poll\'s ptlogin state, the avatar wrapper\'s `0`, an upstream business code (a failed /getRecommend part, a failed credential refresh).',
    type: 'integer',
    upstream: 'gateway (envelope); ptlogin `ptuiCB`; upstream business codes',
    fixedBy: 'the common response envelope',
  },
  data: {
    group: 'Envelope and errors',
    meaning: 'The route\'s payload, shaped per route (the envelope\'s); in /getSongInfo and its batch entries also upstream\'s `songinfo.data` as received; in /batchGetSongLists the list of results.',
    type: 'object | array',
    upstream: 'gateway',
    fixedBy: 'the common response envelope; batchGetSongLists `{ status, data }`; `songinfo.data`',
  },
  error: {
    group: 'Envelope and errors',
    meaning: 'What went wrong, for people (error bodies, failed batch elements, a login poll on a dead QR code). In the health probes: the checks that failed (empty on a 200).',
    type: 'string | object',
    upstream: 'gateway',
    fixedBy: 'error bodies `{ error }`',
  },
  errorCode: {
    group: 'Envelope and errors',
    meaning: 'Stable machine-readable code of an error (docs/endpoints.md lists each route\'s).',
    type: 'string',
    upstream: 'gateway',
  },
  message: {
    group: 'Envelope and errors',
    meaning: 'A sentence for people: a login poll state, why the avatar size was snapped, why a lyric fell back, a refresh outcome, why a playlist list may be empty.',
    type: 'string',
    upstream: 'gateway; ptlogin and WeChat poll texts',
    fixedBy: 'login checks `{ isOk, message, session }`; avatar `{ avatarUrl, message }`',
  },
  msg: { group: 'Envelope and errors', meaning: 'The envelope\'s status text, `ok`.', type: 'string', upstream: 'gateway', fixedBy: 'the common response envelope' },
  ok: {
    group: 'Envelope and errors',
    meaning: 'Whether one element of a batch (a song, a play URL, a playlist write\'s song) or the last credential refresh succeeded.',
    type: 'boolean',
    upstream: 'gateway',
  },
  response: {
    group: 'Envelope and errors',
    meaning: 'The avatar answer\'s wrapper `{ code, data }`, as the older services answer it.',
    type: 'object',
    upstream: 'gateway',
    fixedBy: 'avatar `{ response: { code, data } }`',
  },
  status: {
    group: 'Envelope and errors',
    meaning: '`200` around /batchGetSongLists\' results; the HTTP status one failed batch element would have answered; a health probe\'s `ok` / `up`.',
    type: 'integer | string',
    upstream: 'gateway',
    fixedBy: 'batchGetSongLists `{ status, data }`',
  },
  upstreamCode: { group: 'Envelope and errors', meaning: 'Upstream\'s business code behind an error.', type: 'integer', upstream: 'the musicu key\'s or CGI\'s `code`' },
  upstreamResult: { group: 'Envelope and errors', meaning: 'The play key entry\'s `result` behind a NO_PLAY_URL, e.g. 104003 (no rights).', type: 'integer', upstream: 'vkey `midurlinfo[].result`' },
};
