/** Small helpers for c.y.qq.com CGI calls shared by the feature services (playlists, search, music). */
import { businessError, UpstreamError } from './upstream.errors';

/**
 * The commonParams that sansenjian/qq-music-api and Rain120/qq-music-api send to c.y.qq.com CGIs, minus their constant
 * g_tk (docs/upstream/README.md "Common parameters").
 */
export const CGI_COMMON = {
  format: 'json',
  inCharset: 'utf8',
  outCharset: 'utf-8',
  notice: 0,
  platform: 'yqq.json',
  needNewCode: 0,
  hostUin: 0,
  loginUin: 0,
} as const;

/** A CGI answered with a non-zero `code`: the same business error musicu calls raise. */
export function cgiBusinessError(raw: any, target: string): UpstreamError | undefined {
  const code = Number(raw?.code ?? 0);
  if (!raw || typeof raw !== 'object' || !Number.isFinite(code) || code === 0) return undefined;
  return businessError(code, target, 'c');
}
