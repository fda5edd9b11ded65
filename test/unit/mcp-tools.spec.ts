import { TOOL_ROUTES } from '../../mcp/tools';
import { toolsFromDocument } from '../../mcp/openapi-tools';

/** mcp/openapi-tools.ts: a tool's input schema from its operation's query parameters and JSON body (decision 022). */
const document = {
  paths: {
    '/getThing': {
      get: {
        summary: 'A thing',
        description: 'Upstream: something.\n  Cached.',
        parameters: [
          { name: 'id', in: 'query', required: true, description: 'The id.', schema: { type: 'string', example: '42', maxLength: 20 } },
          { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, default: 10, nullable: true } },
          { name: 'X-Custom-Cookie', in: 'header', schema: { type: 'string' } },
        ],
      },
    },
    '/setThing': {
      post: {
        summary: 'Set a thing',
        parameters: [],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Body' } } } },
      },
    },
  },
  components: {
    schemas: {
      Body: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: { $ref: '#/components/schemas/Id' } }, like: { type: 'boolean' } } },
      Id: { type: 'string', pattern: '^[0-9A-Za-z]{14}$' },
    },
  },
};

describe('toolsFromDocument', () => {
  it('takes query parameters (not headers) with their JSON Schema keywords, examples and required list', () => {
    const [tool] = toolsFromDocument(document, [{ name: 'thing', method: 'get', path: '/getThing', listener: 'Gets a thing for a listener.' }]);
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', maxLength: 20, description: 'The id.', examples: ['42'] },
        size: { type: 'integer', minimum: 1, default: 10 },
      },
      required: ['id'],
      additionalProperties: false,
    });
    expect(tool.queryNames).toEqual(['id', 'size']);
    expect(tool.hasBody).toBe(false);
    // The listener's sentence, not the operation's text (which names upstream calls).
    expect(tool.description).toBe('Gets a thing for a listener. (GET /getThing of the gateway; answers its JSON.)');
  });

  it("takes a JSON body's fields, references resolved", () => {
    const [tool] = toolsFromDocument(document, [{ name: 'set_thing', method: 'post', path: '/setThing', listener: 'Sets a thing.', account: true }]);
    expect(tool.inputSchema.properties).toEqual({ ids: { type: 'array', items: { type: 'string', pattern: '^[0-9A-Za-z]{14}$' } }, like: { type: 'boolean' } });
    expect(tool.inputSchema.required).toEqual(['ids']);
    expect(tool.hasBody).toBe(true);
    expect(tool.description).toBe('Sets a thing. Needs a QQ Music login (GATEWAY_COOKIE). (POST /setThing of the gateway; answers its JSON.)');
  });

  it('skips a missing route marked whenPresent and refuses any other missing route by name', () => {
    expect(toolsFromDocument(document, [{ name: 'later', method: 'post', path: '/setLater', listener: 'Later.', whenPresent: true }])).toEqual([]);
    expect(() => toolsFromDocument(document, [{ name: 'gone', method: 'get', path: '/getGone', listener: 'Gone.' }])).toThrow('GET /getGone (tool gone)');
  });
});

describe('TOOL_ROUTES', () => {
  it('describe what each tool does for a listener, never the upstream call behind it', () => {
    for (const route of TOOL_ROUTES) {
      expect(route.listener).toMatch(/^[A-Z].{10,160}\.$/);
      expect(route.listener).not.toMatch(/music\.\w|\.fcg|module|musicu|upstream|CGI/i);
    }
  });
});
