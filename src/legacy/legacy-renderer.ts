import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SerialisedJson } from '../common/json-response';
import type { ShapeRenderer } from '../common/response-shape';
import type { Shaped } from '../common/shaped';
import { UpstreamTransport } from '../upstream/transport/upstream-transport';
import { NO_PLAY_URL_TEXT } from './adapters/music';
import { LegacyExtras } from './legacy-extras.service';
import { PLAY_URL_ERRORS, routeName, toLegacy } from './legacy-shape';

/** The legacy shape as ResponseShaper writes it; LegacyModule registers it at start-up. */
@Injectable()
export class LegacyRenderer implements ShapeRenderer {
  constructor(
    private readonly extras: LegacyExtras,
    private readonly transport: UpstreamTransport,
  ) {}

  /** The legacy shape's extra upstream calls, made before the answer is written. */
  supplements(value: Shaped, req: Request): Promise<Record<string, unknown> | undefined> | undefined {
    return this.extras.fetch(routeName(req.route?.path), value, req);
  }

  /**
   * A legacy body carries whole upstream answers: its text counts against UPSTREAM_BODY_BUDGET_MB until the response
   * is done, as the answers' bytes did while read, so no new read starts while such copies fill it (decision 018).
   */
  render(value: Shaped, req: Request, res: Response): SerialisedJson {
    const text = (JSON.stringify(toLegacy(value, req)) as string | undefined) ?? '';
    res.once('close', this.transport.holdAnswerBytes(Buffer.byteLength(text)));
    return new SerialisedJson(text);
  }

  /**
   * getMusicPlay's "no URL" errors: the older services answered them with 200 and `playUrl[<mid>].error`. Undefined
   * for every other error.
   */
  errorAnswer(req: Request, errorCode: string): unknown {
    if (routeName(req.route?.path) !== 'getMusicPlay' || !PLAY_URL_ERRORS.has(errorCode)) return undefined;
    return { data: { playUrl: { [String(req.query?.songmid ?? '')]: { url: '', error: NO_PLAY_URL_TEXT } } } };
  }
}
