import { Logger } from '@nestjs/common';
import { UPSTREAM_CODES } from '../../common/upstream-codes';
import { type UpstreamHost, UPSTREAM_HOST_NAMES } from '../../config/app-config';
import type { UpstreamError } from '../upstream.errors';
import type { UpstreamRequest } from '../upstream.types';

/** One upstream call as its failure line reports it. */
export interface CallRecord {
  host: UpstreamHost;
  target: string;
  attempts: number;
  durationMs: number;
  /** Set once its failure is logged: callers sharing the answer (coalesce) or a later check of it log nothing more. */
  logged: boolean;
}

/**
 * One warn line per failed upstream call (retries included, not one per try), so an operator sees why a request
 * failed: host, target, kind, tries, time. Never the cookie, query values or the URL's query string. Not logged at
 * warn: an open circuit (its opening is logged once) and a long poll ending without news (that is normal).
 */
export class FailureLog {
  private readonly logger = new Logger('Upstream');
  /** Each answer's (and parsed musicu body's) call record, for a failure found after send() returned. */
  private readonly calls = new WeakMap<object, CallRecord>();

  /** Remembers which call `answer` came from. */
  remember(answer: object, call: CallRecord): void {
    this.calls.set(answer, call);
  }

  /** `to` (e.g. the parsed body of `from`) fails as the same call. */
  carry(from: object, to: object): void {
    const call = this.calls.get(from);
    if (call) this.calls.set(to, call);
  }

  /** Logs the failure of the call behind `answer` (once) and hands `error` back for `throw`. */
  failed(answer: object, error: UpstreamError): UpstreamError {
    const call = this.calls.get(answer);
    if (call) this.log(call, error);
    return error;
  }

  log(call: CallRecord, error: UpstreamError, transportCode?: string, longPoll = false): void {
    if (call.logged) return;
    call.logged = true;
    const { status, upstreamCode } = error.details;
    const code = error.kind === 'network' || error.kind === 'proxy_unreachable' ? transportCode : undefined;
    const what = failureWords(error, code);
    const tries = `${call.attempts} attempt${call.attempts === 1 ? '' : 's'}`;
    const line = {
      msg: `Upstream call failed: ${UPSTREAM_HOST_NAMES[call.host]} ${call.target}: ${what} after ${tries} in ${call.durationMs} ms`,
      upstream: { host: call.host, target: call.target, kind: error.kind, status, code, upstreamCode, attempts: call.attempts, durationMs: call.durationMs },
    };
    if (error.kind === 'circuit_open' || (longPoll && error.kind === 'timeout')) this.logger.debug(line);
    else this.logger.warn(line);
  }
}

/** What went wrong, in the words of a failure log line. */
function failureWords(error: UpstreamError, transportCode: string | undefined): string {
  const { status, upstreamCode } = error.details;
  switch (error.kind) {
    case 'timeout':
      return 'timed out';
    case 'network':
      return `unreachable (${transportCode ?? 'error'})`;
    case 'bad_status':
      return `bad status ${status}`;
    case 'business': {
      const meaning = UPSTREAM_CODES[upstreamCode ?? 0]?.meaning;
      return `business code ${upstreamCode}${meaning ? ` (${meaning})` : ''}`;
    }
    case 'circuit_open':
      return 'circuit open';
    case 'busy':
      return 'refused: upstream answers held over UPSTREAM_BODY_BUDGET_MB';
    case 'proxy_unreachable':
    case 'proxy_auth':
    case 'proxy_refused':
      return error.message;
    default:
      return `bad body (${error.message})`;
  }
}

/**
 * A call's name for a log line: its label, else its path without the query, any segment holding a digit (an id or a
 * QR token, e.g. /connect/qrcode/<uuid>) replaced by `:id`.
 */
export function logTargetOf(req: UpstreamRequest): string {
  if (req.label) return req.label;
  return req.path.split('?')[0].split('/').map((segment) => (/\d/.test(segment) ? ':id' : segment)).join('/');
}

/** Metric label: several musicu modules joined stay bounded; CGI names are fixed strings. */
export const metricTarget = (target: string): string => (target.length > 120 ? `${target.slice(0, 117)}...` : target);
