import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/**
 * Real QR images for the fake's login chains, so a client that reads the QR (`npm run login` decodes it to print it in
 * the terminal) sees what it would upstream: ptqrshow's PNG and WeChat's JPEG, each encoding its own text. Both are
 * encoded synchronously: an answer of the fake never waits on libuv's thread pool, which whatever else shares the test
 * process (file system calls, DNS lookups) may hold for seconds.
 */

/** A PNG of `text`, about ptqrshow's size (3 px a module, 2 modules of margin). */
export function qrPng(text: string): Buffer {
  const { data, width } = qrPixels(text, 3, 2);
  const png = new PNG({ width, height: width });
  data.copy(png.data);
  return PNG.sync.write(png);
}

/** A JPEG of `text` (4 px a module, 4 modules of margin), encoded by jpeg-js as WeChat sends a JPEG. */
export function qrJpeg(text: string): Buffer {
  const { data, width } = qrPixels(text, 4, 4);
  return jpeg.encode({ data, width, height: width }, 90).data;
}

/** The QR of `text` as opaque RGBA pixels, black modules on white, `scale` px a module, `margin` modules around it. */
function qrPixels(text: string, scale: number, margin: number): { data: Buffer; width: number } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const width = (modules + 2 * margin) * scale;
  const data = Buffer.alloc(width * width * 4, 255);
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      if (!qr.modules.get(y, x)) continue; // (row, column)
      for (let dy = 0; dy < scale; dy++) {
        const row = ((y + margin) * scale + dy) * width;
        for (let dx = 0; dx < scale; dx++) data.fill(0, (row + (x + margin) * scale + dx) * 4, (row + (x + margin) * scale + dx) * 4 + 3);
      }
    }
  }
  return { data, width };
}
