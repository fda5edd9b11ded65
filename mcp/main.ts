import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createGatewayMcpServer } from './server';

/**
 * `npm run mcp`: the MCP server over stdio. Settings (environment): GATEWAY_URL (default http://127.0.0.1:3200),
 * GATEWAY_COOKIE (a QQ Music login sent as X-Custom-Cookie; default none: the gateway's stored login),
 * GATEWAY_TIMEOUT_MS (default 30000). stdout carries the protocol, so everything else goes to stderr.
 */
const DEFAULT_URL = 'http://127.0.0.1:3200';

/** The repository root: this file runs from dist/mcp/ (npm run mcp) or mcp/ (tests, transpiled on load). */
const ROOT = join(__dirname, __dirname.includes(join('dist', 'mcp')) ? '../..' : '..');

async function main(): Promise<void> {
  const url = process.env.GATEWAY_URL?.trim() || DEFAULT_URL;
  try {
    new URL(url);
  } catch {
    throw new Error(`GATEWAY_URL is not a URL: ${url}`);
  }
  const timeoutMs = Number(process.env.GATEWAY_TIMEOUT_MS?.trim() || 30_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new Error('GATEWAY_TIMEOUT_MS must be a positive whole number of milliseconds');
  const cookie = process.env.GATEWAY_COOKIE?.trim() || undefined;
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const server = createGatewayMcpServer({ url, cookie, timeoutMs }, version);
  await server.connect(new StdioServerTransport());
  console.error(`qqmusic-gateway MCP server on stdio, over the gateway at ${url}${cookie ? ' (with GATEWAY_COOKIE)' : ''}`);
}

main().catch((err: Error) => {
  console.error(`MCP server failed: ${err.message}`);
  process.exit(1);
});
