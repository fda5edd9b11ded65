import { Injectable } from '@nestjs/common';
import type { UpstreamHost } from '../config/app-config';
import { UpstreamHttp } from '../upstream/upstream-http.service';

export interface BinaryResponse {
  status: number;
  body: Buffer;
  setCookies: string[];
}

/** Binary GETs for the two QR images (PNG from ptqrshow, JPEG from WeChat): no cookie, no redirects, bytes intact. */
@Injectable()
export class LoginImageClient {
  constructor(private readonly upstream: UpstreamHttp) {}

  /** `label` names the call in logs and metrics when the path carries a token (the WeChat QR's uuid). */
  async get(host: UpstreamHost, path: string, query: Record<string, string | number>, referer: string, label?: string): Promise<BinaryResponse> {
    const res = await this.upstream.send({
      host,
      path,
      query,
      label,
      headers: { Referer: referer },
      cookie: false,
      redirects: 'manual',
      responseType: 'buffer',
    });
    return { status: res.status, body: res.body ?? Buffer.alloc(0), setCookies: res.setCookies };
  }
}
