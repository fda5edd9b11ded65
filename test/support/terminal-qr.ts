import jsQR from 'jsqr';

/**
 * Reads back the QR codes a program printed with qrcode's small terminal renderer (`npm run login`): each character is
 * two modules, its top and bottom half (' ', '▀', '▄', '█'), coloured by ANSI codes (black on white; the last line's
 * half blocks are drawn in white). Each block of such lines is drawn as an image and decoded with jsQR, so a test
 * checks that what was printed is a QR code a phone can read, and what it says.
 */
const LINE_START = '\x1b[47m\x1b[30m';
// An SGR escape (ESC [ n m) at the start of the rest of a line.
// eslint-disable-next-line no-control-regex
const SGR = /^\x1b\[(\d+)m/;

export function qrCodesIn(output: string): string[] {
  const blocks: string[][] = [];
  let block: string[] | undefined;
  for (const line of output.split('\n')) {
    if (!line.startsWith(LINE_START)) {
      block = undefined;
      continue;
    }
    if (!block) blocks.push((block = []));
    block.push(line);
  }
  return blocks.map((lines) => {
    const rows = lines.flatMap(modulesOf);
    const text = decode(rows);
    if (text === undefined) throw new Error(`a printed block is no readable QR code:\n${lines.join('\n')}`);
    return text;
  });
}

type Colour = 'black' | 'white' | 'default';

/** One printed line → its two rows of modules (true = dark). */
function modulesOf(line: string): boolean[][] {
  const top: boolean[] = [];
  const bottom: boolean[] = [];
  let fg: Colour = 'default';
  let bg: Colour = 'default';
  for (let i = 0; i < line.length; ) {
    const esc = SGR.exec(line.slice(i));
    if (esc) {
      const code = Number(esc[1]);
      if (code === 0) fg = bg = 'default';
      else if (code === 30 || code === 37) fg = code === 30 ? 'black' : 'white';
      else if (code === 40 || code === 47) bg = code === 40 ? 'black' : 'white';
      i += esc[0].length;
      continue;
    }
    const ch = line[i++];
    const [upper, lower] = ch === '█' ? [fg, fg] : ch === '▀' ? [fg, bg] : ch === '▄' ? [bg, fg] : [bg, bg];
    top.push(upper === 'black');
    bottom.push(lower === 'black');
  }
  return top.length ? [top, bottom] : [];
}

function decode(rows: boolean[][]): string | undefined {
  const scale = 4;
  const margin = 4;
  const modules = Math.max(rows.length, ...rows.map((r) => r.length));
  const width = (modules + 2 * margin) * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  rows.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        const start = (((y + margin) * scale + dy) * width + (x + margin) * scale) * 4;
        for (let p = start; p < start + scale * 4; p += 4) data[p] = data[p + 1] = data[p + 2] = 0;
      }
    }),
  );
  return jsQR(data, width, width)?.data;
}
