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
    const [tool] = toolsFromDocument(document, [{ name: 'thing', method: 'get', path: '/getThing' }]);
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
    expect(tool.description).toBe('A thing. Upstream: something. Cached. (GET /getThing of the gateway; answers its JSON.)');
  });

  it("takes a JSON body's fields, references resolved", () => {
    const [tool] = toolsFromDocument(document, [{ name: 'set_thing', method: 'post', path: '/setThing' }]);
    expect(tool.inputSchema.properties).toEqual({ ids: { type: 'array', items: { type: 'string', pattern: '^[0-9A-Za-z]{14}$' } }, like: { type: 'boolean' } });
    expect(tool.inputSchema.required).toEqual(['ids']);
    expect(tool.hasBody).toBe(true);
  });

  it('skips a missing route marked whenPresent and refuses any other missing route by name', () => {
    expect(toolsFromDocument(document, [{ name: 'later', method: 'post', path: '/setLater', whenPresent: true }])).toEqual([]);
    expect(() => toolsFromDocument(document, [{ name: 'gone', method: 'get', path: '/getGone' }])).toThrow('GET /getGone (tool gone)');
  });
});
