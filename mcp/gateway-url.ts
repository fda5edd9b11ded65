/**
 * GATEWAY_URL as the MCP server uses it: a user and password in it (`http://user:pw@host`, e.g. a reverse proxy's
 * login) become a Basic Authorization header and leave the URL, so no message, log or tool result can show them.
 */

export interface GatewayUrl {
  /** The URL without user-info: safe to show anywhere. */
  url: string;
  /** `Basic …` when GATEWAY_URL carried a user or password. */
  authorization?: string;
}

/** `text` with any `user:password@` replaced by `***@`, for echoing a value that may not even parse as a URL. */
export const maskUserInfo = (text: string): string => text.replace(/(\/\/)[^/?#]*@/, '$1***@');

export function parseGatewayUrl(text: string): GatewayUrl {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new Error(`GATEWAY_URL is not a URL: ${maskUserInfo(text)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`GATEWAY_URL must be an http:// or https:// URL, not ${parsed.protocol}//…`);
  }
  const withoutSlash = (url: URL) => url.href.replace(/\/$/, '');
  if (!parsed.username && !parsed.password) return { url: withoutSlash(parsed) };
  let credentials: string;
  try {
    // URL keeps user-info percent-encoded; Basic auth sends it decoded (RFC 7617).
    credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  } catch {
    throw new Error(`GATEWAY_URL's user or password has a malformed %-escape: ${maskUserInfo(text)}`);
  }
  parsed.username = '';
  parsed.password = '';
  return { url: withoutSlash(parsed), authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` };
}

/** Where a redirect pointed, resolved against the request's URL and with user-info masked. */
export function shownLocation(location: string | null, requestUrl: string): string {
  if (!location) return 'nowhere (no Location header)';
  try {
    const target = new URL(location, requestUrl);
    if (target.username || target.password) {
      target.username = '***';
      target.password = '';
    }
    return target.href;
  } catch {
    return maskUserInfo(location);
  }
}
