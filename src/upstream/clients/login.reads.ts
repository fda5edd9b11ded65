import type { ShapeProblem, ShapeSpec } from '../shape/shape';
import type { LoginImage } from './login.client';

/** What /getQQLoginQr reads of `QqLoginClient.qrImage`: the image bytes and the cookies (one must be `qrsig`). */
export const QQ_QR_READS = {
  body: 'bytes',
  setCookies: 'array',
} as const satisfies ShapeSpec;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Beyond the types: a 2xx answer, a PNG (the answer is a `data:image/png` URL), and the `qrsig` cookie the poll needs. */
export function checkQqQrImage(value: unknown): ShapeProblem | undefined {
  const image = value as Partial<LoginImage>;
  if (typeof image.status !== 'number' || image.status < 200 || image.status > 299) {
    return { path: 'status', declared: 'status', expected: '2xx', got: String(image.status) };
  }
  if (Buffer.isBuffer(image.body) && !image.body.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return { path: 'body', declared: 'body', expected: 'png', got: 'other bytes' };
  }
  if (Array.isArray(image.setCookies) && !image.setCookies.some((c) => /^\s*qrsig=[^;]/.test(String(c)))) {
    return { path: 'setCookies', declared: 'setCookies', expected: 'qrsig cookie', got: 'none' };
  }
  return undefined;
}
