import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { callGateway, type GatewayTarget, RedirectRefused, requestGateway } from './gateway-call';
import { type GatewayTool, toolsFromDocument } from './openapi-tools';
import { TOOL_ROUTES } from './tools';

/**
 * The MCP server: tools listed from the gateway's OpenAPI document, each call forwarded to the gateway (decision 022).
 * The document is fetched when the tools are first needed and kept once fetched, so the server can start before its
 * gateway does (an MCP host starts its servers at launch); a failed fetch is retried on the next request.
 */
export function createGatewayMcpServer(target: GatewayTarget, version: string): Server {
  let tools: Promise<GatewayTool[]> | undefined;
  const loadTools = () =>
    (tools ??= fetchDocument(target).then(
      (document) => toolsFromDocument(document, TOOL_ROUTES),
      (err: Error) => {
        tools = undefined;
        throw new McpError(ErrorCode.InternalError, err.message);
      },
    ));

  const server = new Server({ name: 'qqmusic-gateway', version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await loadTools()).map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = (await loadTools()).find((t) => t.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `no tool named ${request.params.name}`);
    return callGateway(tool, request.params.arguments ?? {}, target);
  });
  return server;
}

async function fetchDocument(target: GatewayTarget): Promise<Record<string, any>> {
  const url = `${target.url.replace(/\/+$/, '')}/docs-json`;
  let response: Response;
  try {
    response = await requestGateway(url, { headers: { Accept: 'application/json' } }, target);
  } catch (err) {
    if (err instanceof RedirectRefused) throw new Error(`the gateway's OpenAPI document (${url}) ${err.message}`);
    throw new Error(`the gateway's OpenAPI document (${url}) could not be fetched: ${(err as Error).message}; is the gateway running?`);
  }
  if (!response.ok) throw new Error(`the gateway's OpenAPI document (${url}) answered HTTP ${response.status}`);
  return (await response.json()) as Record<string, any>;
}
