import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { parseGatewayUrl } from './gateway-url';
import { MAX_MESSAGE_BYTES, MessageSizeLimit, type OversizedLine, requestIdOf } from './message-size-limit';
import { createGatewayMcpServer } from './server';

/**
 * `npm run mcp`: the MCP server over stdio. Settings (environment): GATEWAY_URL (default http://127.0.0.1:3200; a
 * user and password in it are sent as Basic auth), GATEWAY_COOKIE (a QQ Music login sent as X-Custom-Cookie; default
 * none: the gateway's stored login), GATEWAY_TIMEOUT_MS (default 30000). stdout carries the protocol, so everything
 * else goes to stderr.
 */
const DEFAULT_URL = 'http://127.0.0.1:3200';

/** The repository root: this file runs from dist/mcp/ (npm run mcp) or mcp/ (tests, transpiled on load). */
const ROOT = join(__dirname, __dirname.includes(join('dist', 'mcp')) ? '../..' : '..');

async function main(): Promise<void> {
  const { url, authorization } = parseGatewayUrl(process.env.GATEWAY_URL?.trim() || DEFAULT_URL);
  const timeoutMs = Number(process.env.GATEWAY_TIMEOUT_MS?.trim() || 30_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new Error('GATEWAY_TIMEOUT_MS must be a positive whole number of milliseconds');
  const cookie = process.env.GATEWAY_COOKIE?.trim() || undefined;
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const server = createGatewayMcpServer({ url, authorization, cookie, timeoutMs }, version);
  // Without a handler the SDK drops transport errors (a line that is not JSON-RPC) without a word.
  server.onerror = (err) => console.error(`MCP server: ${err.message}`);

  const refuseOversized = (line: OversizedLine) => {
    const message = `message of ${line.bytes} bytes refused: over the ${MAX_MESSAGE_BYTES}-byte (10 MiB) limit for one JSON-RPC message`;
    console.error(`MCP server: ${message}`);
    const id = requestIdOf(line);
    if (id !== undefined) void transport.send({ jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidRequest, message } });
  };
  const limitedStdin = pipeline(process.stdin, new MessageSizeLimit(MAX_MESSAGE_BYTES, refuseOversized), (err) => {
    if (err) console.error(`MCP server: reading stdin failed: ${err.message}`);
  });
  // Room for two whole messages: the SDK's buffer must never be the one to overflow (it would close the transport).
  const transport = new StdioServerTransport(limitedStdin, process.stdout, { maxBufferSize: 2 * (MAX_MESSAGE_BYTES + 1) });
  await server.connect(transport);
  console.error(`qqmusic-gateway MCP server on stdio, over the gateway at ${url}${authorization ? ' (with its user and password as Basic auth)' : ''}${cookie ? ' (with GATEWAY_COOKIE)' : ''}`);
}

main().catch((err: Error) => {
  console.error(`MCP server failed: ${err.message}`);
  process.exit(1);
});
