import { Transform, type TransformCallback } from 'node:stream';

/**
 * The stdio transport reads newline-delimited JSON-RPC messages. The SDK's own buffer throws once 10 MiB are pending
 * and its transport then closes, so the process quietly ran out of work and exited 0. This Transform, put in front of
 * it, passes every line of at most `maxBytes` through whole and drops a longer one (never holding more than
 * `maxBytes` of it), reporting what it dropped, so the server answers an error and reads on.
 */

export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** A dropped line: its length and its first and last bytes (enough to find a JSON-RPC id). */
export interface OversizedLine {
  bytes: number;
  head: string;
  tail: string;
}

const KEPT_EDGE_BYTES = 256;
const NEWLINE = 0x0a;

/** The last `KEPT_EDGE_BYTES` of `kept` followed by `piece`. */
const keepLast = (kept: Buffer, piece: Buffer): Buffer => Buffer.concat([kept, piece.subarray(-KEPT_EDGE_BYTES)]).subarray(-KEPT_EDGE_BYTES);

export class MessageSizeLimit extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Set while the rest of an oversized line is being skipped. */
  private dropped?: { bytes: number; head: Buffer; tail: Buffer };

  constructor(
    private readonly maxBytes: number,
    private readonly onOversized: (line: OversizedLine) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.addToLine(chunk.subarray(start, end));
      this.finishLine();
      start = end + 1;
    }
    this.addToLine(chunk.subarray(start));
    done();
  }

  override _flush(done: TransformCallback): void {
    // A last line without a newline is passed on as it is: the transport waits for its newline, as without this limit.
    if (this.dropped) this.finishLine();
    else if (this.pendingBytes) this.push(Buffer.concat(this.pending));
    done();
  }

  private addToLine(piece: Buffer): void {
    if (this.dropped) {
      this.dropped.bytes += piece.length;
      if (this.dropped.head.length < KEPT_EDGE_BYTES) this.dropped.head = Buffer.concat([this.dropped.head, piece.subarray(0, KEPT_EDGE_BYTES)]).subarray(0, KEPT_EDGE_BYTES);
      this.dropped.tail = keepLast(this.dropped.tail, piece);
    } else if (this.pendingBytes + piece.length > this.maxBytes) {
      const parts = [...this.pending, piece];
      this.dropped = {
        bytes: this.pendingBytes + piece.length,
        head: Buffer.concat(parts, Math.min(KEPT_EDGE_BYTES, this.pendingBytes + piece.length)),
        tail: parts.reduce(keepLast, Buffer.alloc(0)),
      };
      this.pending = [];
      this.pendingBytes = 0;
    } else if (piece.length) {
      this.pending.push(piece);
      this.pendingBytes += piece.length;
    }
  }

  private finishLine(): void {
    if (this.dropped) {
      const { bytes, head, tail } = this.dropped;
      this.dropped = undefined;
      this.onOversized({ bytes, head: head.toString('utf8'), tail: tail.toString('utf8') });
      return;
    }
    this.push(Buffer.concat([...this.pending, Buffer.from([NEWLINE])]));
    this.pending = [];
    this.pendingBytes = 0;
  }
}

const ID_VALUE = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
/** An id first in the object, or right after `"jsonrpc":"2.0"` (the order most clients write). */
const LEADING_ID = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID_VALUE}\s*[,}]`);
/** An id last in the object (the TypeScript SDK's order): the final `}` closes the top level, so the id is its own. */
const TRAILING_ID = new RegExp(String.raw`[{,]\s*"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);

/** The JSON-RPC id of a dropped request when its edges show one unambiguously, so the error can answer that request. */
export function requestIdOf({ head, tail }: OversizedLine): string | number | undefined {
  const match = LEADING_ID.exec(head) ?? TRAILING_ID.exec(tail.replace(/\r$/, ''));
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]) as string | number;
  } catch {
    return undefined;
  }
}
