import type { OpenAPIObject } from '@nestjs/swagger';
import { GLOSSARY, type GlossaryEntry } from '../../src/common/glossary';
import { buildDocument } from '../../scripts/docs/endpoints';
import { answerFields, type FieldUse, glossaryProblems } from '../../scripts/docs/glossary';

/**
 * One vocabulary (src/common/glossary.ts, rendered as docs/glossary.md): every field name a normalised answer or an
 * error body carries, at any depth, is declared there; every entry is used; an old name answered beside its new one is
 * marked `deprecated` and has its new name beside it. The document is the one /docs-json serves, so a field added to an
 * answer schema without its glossary entry fails here.
 */
describe('the glossary', () => {
  let document: OpenAPIObject;
  let uses: FieldUse[];
  beforeAll(async () => {
    document = await buildDocument();
    uses = answerFields(document);
  }, 60_000);

  it('walks every normalised answer: the envelope, nested records, unions and the error body', () => {
    const names = new Set(uses.map((u) => u.name));
    for (const name of ['code', 'msg', 'data', 'songInfoList', 'songmid', 'singerMID', 'cookieObject', 'errorCode', 'upstreamCode', 'f40', 'words']) {
      expect(names).toContain(name);
    }
    // the error body is shared as a component ($ref) and still walked
    expect(uses.some((u) => u.name === 'upstreamCode' && / 4\d\d$/.test(u.where))).toBe(true);
  });

  it('declares every field name an answer carries, and no name an answer does not', () => {
    expect(glossaryProblems(uses)).toEqual([]);
  });

  it('marks each old name deprecated, beside the new one, in the document the typed client is generated from', () => {
    const deprecated = uses.filter((u) => u.deprecated);
    expect(deprecated.length).toBeGreaterThan(30);
    for (const use of deprecated) expect(use.siblings).toContain(GLOSSARY[use.name].deprecatedFor);
    // the song's own words are the interface's, not deprecated; a chart entry keeps the interface's second names
    expect(uses.filter((u) => ['songmid', 'songid', 'songname'].includes(u.name)).every((u) => !u.deprecated)).toBe(true);
    expect(uses.find((u) => u.name === 'song_id' && u.where.startsWith('GET /getRanks'))?.siblings).toEqual(expect.arrayContaining(['songId', 'song_mid', 'mid']));
  });

  it('leaves out the legacy shape and the older services\' own bodies', () => {
    // x-legacy-shape (getUserPlaylists' legacy `subtitle`, `songnum`) and the app routes' `{ response }` bodies
    expect(uses.some((u) => ['subtitle', 'song_cnt', 'req_0', 'm_fan', 'map_singer_status'].includes(u.name))).toBe(false);
    expect(uses.some((u) => u.where.startsWith('POST /setFav 200') || u.where.startsWith('GET /song 200'))).toBe(false);
  });

  describe('can fail (a fake document)', () => {
    const entry = (group: GlossaryEntry['group'] = 'Songs'): GlossaryEntry => ({ group, meaning: 'm', type: 'string', upstream: 'u' });
    const glossary: Record<string, GlossaryEntry> = {
      code: entry(),
      msg: entry(),
      data: entry(),
      songs: entry(),
      songmid: entry(),
      songMid: { ...entry(), deprecatedFor: 'songmid' },
      error: entry(),
    };
    const envelope = (data: object) => ({ type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, data } });
    const fake = (song: object, extra: Record<string, unknown> = {}): OpenAPIObject =>
      ({
        openapi: '3.0.0',
        info: { title: 't', version: '1' },
        paths: {
          '/x': {
            get: {
              responses: {
                200: { description: 'ok', content: { 'application/json': { schema: envelope({ allOf: [{ $ref: '#/components/schemas/Page' }] }) } } },
                400: { $ref: '#/components/responses/Bad' },
              },
            },
          },
          ...extra,
        },
        components: {
          schemas: { Page: { type: 'object', properties: { songs: { type: 'array', items: { anyOf: [song] } } } } },
          responses: { Bad: { description: 'bad', content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'string' } } } } } } },
        },
      });

    it('a declared answer has no problem', () => {
      expect(glossaryProblems(answerFields(fake({ type: 'object', properties: { songmid: { type: 'string' } } })), glossary)).toEqual([
        'songMid: in the glossary but no answer has it',
      ]);
    });

    it('a name nested under $ref, allOf, an array and anyOf that the glossary lacks is reported', () => {
      const problems = glossaryProblems(answerFields(fake({ type: 'object', properties: { songmid: { type: 'string' }, songMidd: { type: 'string' } } })), glossary);
      expect(problems).toContain('songMidd: answered (GET /x 200) but not in the glossary');
    });

    it('an old name answered without `deprecated`, or without its new name beside it, is reported', () => {
      const notMarked = glossaryProblems(answerFields(fake({ type: 'object', properties: { songmid: { type: 'string' }, songMid: { type: 'string' } } })), glossary);
      expect(notMarked).toContain('songMid (GET /x 200): an old name (of songmid) answered without `deprecated`');
      const alone = glossaryProblems(answerFields(fake({ type: 'object', properties: { songMid: { type: 'string', deprecated: true } } })), glossary);
      expect(alone).toContain('songMid (GET /x 200): deprecated for songmid, which the same object does not answer');
    });

    it('the legacy routes\' own bodies and the legacy shape are not walked', () => {
      const legacyRoute = {
        '/y': {
          get: {
            tags: ['legacy'],
            responses: {
              200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { response: { type: 'object', properties: { m_fan: { type: 'object' } } } } } } } },
            },
          },
        },
      };
      const withShape = fake({ type: 'object', properties: { songmid: { type: 'string' } } }, legacyRoute);
      (withShape.paths['/x'].get!.responses['200'] as unknown as Record<string, unknown>)['x-legacy-shape'] = { schema: { type: 'object', properties: { songnum: { type: 'integer' } } } };
      const names = answerFields(withShape).map((u) => u.name);
      expect(names).not.toContain('m_fan');
      expect(names).not.toContain('response');
      expect(names).not.toContain('songnum');
    });
  });
});
