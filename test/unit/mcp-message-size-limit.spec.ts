import { Readable } from 'node:stream';
import { MessageSizeLimit, type OversizedLine, requestIdOf } from '../../mcp/message-size-limit';

/** mcp/message-size-limit.ts: whole lines of at most the limit pass, a longer one is dropped and reported. */
async function run(chunks: string[], maxBytes: number): Promise<{ passed: string[]; dropped: OversizedLine[] }> {
  const dropped: OversizedLine[] = [];
  const limit = new MessageSizeLimit(maxBytes, (line) => dropped.push(line));
  const passed: string[] = [];
  limit.on('data', (chunk: Buffer) => passed.push(chunk.toString('utf8')));
  await new Promise<void>((resolve, reject) => Readable.from(chunks.map((c) => Buffer.from(c))).pipe(limit).on('end', resolve).on('error', reject));
  return { passed, dropped };
}

describe('MessageSizeLimit', () => {
  it('passes each line whole, however the input is cut, up to and including the limit', async () => {
    const { passed, dropped } = await run(['{"a"', ':1}\n12345', '67890\n\r\n', 'tail'], 10);
    expect(passed).toEqual(['{"a":1}\n', '1234567890\n', '\r\n', 'tail']);
    expect(dropped).toEqual([]);
  });

  it('drops a line one byte over the limit, reporting its size and edges, and passes the lines around it', async () => {
    const { passed, dropped } = await run(['ok\n{"method":"m",', '"params":{"b":"', 'x'.repeat(600), '"},"id":7}\r', '\nnext\n'], 20);
    expect(passed).toEqual(['ok\n', 'next\n']);
    expect(dropped).toHaveLength(1);
    expect(dropped[0].bytes).toBe(`{"method":"m","params":{"b":"${'x'.repeat(600)}"},"id":7}\r`.length);
    expect(dropped[0].head.startsWith('{"method":"m","params":{"b":"xx')).toBe(true);
    expect(dropped[0].head).toHaveLength(256);
    expect(dropped[0].tail.endsWith('xx"},"id":7}\r')).toBe(true);
    expect(dropped[0].tail).toHaveLength(256);
    expect(requestIdOf(dropped[0])).toBe(7);
    expect((await run(['12345678901\n'], 10)).dropped.map((d) => d.bytes)).toEqual([11]);
  });

  it('reports an oversized last line that never got its newline', async () => {
    const { passed, dropped } = await run(['a\n', 'y'.repeat(50)], 10);
    expect(passed).toEqual(['a\n']);
    expect(dropped.map((d) => d.bytes)).toEqual([50]);
  });
});

describe('requestIdOf', () => {
  const line = (head: string, tail = head): OversizedLine => ({ bytes: 0, head, tail });

  it('finds a top-level id first, after "jsonrpc", or last', () => {
    expect(requestIdOf(line('{"id":"req-1","method":"tools/call","params":{"a":"xxx'))).toBe('req-1');
    expect(requestIdOf(line('{ "jsonrpc": "2.0", "id": -3, "method": "x"'))).toBe(-3);
    expect(requestIdOf(line('{"method":"x","params":{"a":"…', 'xxxx"},"jsonrpc":"2.0","id":12}'))).toBe(12);
  });

  it('takes no id from inside params, and none from a notification', () => {
    expect(requestIdOf(line('{"method":"x","params":{"id":5,"a":"…', '…"a":"x","id":5}}'))).toBeUndefined();
    expect(requestIdOf(line('{"jsonrpc":"2.0","method":"notifications/x","params":{"a":"…', '…xxx"}}'))).toBeUndefined();
  });
});
