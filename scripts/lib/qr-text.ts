import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/**
 * The two ends of printing a login QR in a terminal. The gateway answers the QR as an image (QQ: ptqrshow's PNG,
 * WeChat: a JPEG), not as the text it encodes, and QQ's text (a txz.qq.com link with a one-time key) cannot be
 * derived from the answer's fields; so the image is read back (jsQR over pngjs / jpeg-js) and the text printed as a
 * QR of terminal characters (qrcode's own terminal renderer).
 */

/** The text the QR in `dataUrl` (a `data:image/png|jpeg;base64,…` URL, as the QR answers hold) encodes. */
export function readQrImage(dataUrl: string): string {
  const match = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match) throw new Error('the QR answer holds no PNG or JPEG image');
  const bytes = Buffer.from(match[2], 'base64');
  let image: { data: Uint8Array; width: number; height: number };
  try {
    image = match[1] === 'png' ? PNG.sync.read(bytes) : jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 4, maxMemoryUsageInMB: 64 });
  } catch (err) {
    throw new Error(`the QR image cannot be decoded (${(err as Error).message})`);
  }
  const found = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height);
  if (!found?.data) throw new Error('no QR code could be read from the QR image');
  return found.data;
}

/** `text` as a QR of half-block characters (two modules a character, dark on a light background). */
export function terminalQr(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'terminal', small: true, errorCorrectionLevel: 'L' });
}
