import type { OpenAPIObject } from '@nestjs/swagger';
import { OLD_NAMES_REMOVED_IN } from '../../src/common/answer-schema';
import { GLOSSARY, GLOSSARY_GROUPS, type GlossaryEntry } from '../../src/common/glossary';
import { PAGE_BASE_NOTE } from '../../src/common/validation';
import { buildDocument } from './endpoints';
import type { GeneratedDoc } from './generated-doc';

/**
 * docs/glossary.md, rendered from the vocabulary in src/common/glossary.ts (each name written there once), and the
 * walk over the OpenAPI document that finds every answer field: test/robustness/glossary.e2e-spec.ts fails on a field
 * the glossary does not declare, and on an entry no answer uses.
 */

const SOURCE = 'src/common/glossary.ts';

type Json = Record<string, any>;

/** One property of one answer schema, where it was found. */
export interface FieldUse {
  name: string;
  /** `GET /getRanks 200`. */
  where: string;
  /** Marked `deprecated` (an old name answered beside its new one). */
  deprecated: boolean;
  /** The other properties of the same object. */
  siblings: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The envelope `{ code, msg, data }`. */
const isEnvelope = (schema: Json | undefined): boolean => !!schema?.properties?.msg && !!schema.properties.data && !!schema.properties.code;

/**
 * Every property of every answer of the normalised shape in `document`: each operation's responses (the 200 and the
 * error bodies), through `$ref`, `allOf` / `anyOf` / `oneOf`, array items and `additionalProperties`, at any depth.
 * Left out: the legacy shape (the `x-legacy-shape` extension), and the 200 of the routes only the older services had
 * (tag `legacy`) that answer those services' own body in both shapes rather than the envelope (docs/legacy.md "App
 * routes"): their words are those services'.
 */
export function answerFields(document: OpenAPIObject): FieldUse[] {
  const uses: FieldUse[] = [];
  const deref = (node: Json | undefined): Json | undefined => {
    let out = node;
    for (let hops = 0; out && typeof out.$ref === 'string' && hops < 20; hops++) {
      let target: any = document;
      for (const part of (out.$ref).replace(/^#\//, '').split('/')) target = target?.[part];
      out = target as Json | undefined;
    }
    return out;
  };
  const walk = (node: Json | undefined, where: string, seen: Set<Json>) => {
    const schema = deref(node);
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) for (const part of (schema[key] as Json[] | undefined) ?? []) walk(part, where, seen);
    if (schema.items) walk(schema.items, where, seen);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, where, seen);
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const names = Object.keys(properties);
    for (const [name, property] of Object.entries(properties)) {
      uses.push({ name, where, deprecated: deref(property)?.deprecated === true, siblings: names.filter((other) => other !== name) });
      walk(property, where, seen);
    }
    seen.delete(schema);
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (!op) continue;
      for (const [status, reference] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        const schema = deref(deref(reference)?.content?.['application/json']?.schema);
        if (!schema) continue;
        const oldServersBody = ((op.tags as string[] | undefined) ?? []).includes('legacy') && /^2/.test(status) && !isEnvelope(schema);
        if (!oldServersBody) walk(schema, `${method.toUpperCase()} ${path} ${status}`, new Set());
      }
    }
  }
  return uses;
}

/** What is wrong with the glossary against the answers of `uses` (none: []). */
export function glossaryProblems(uses: FieldUse[], glossary: Record<string, GlossaryEntry> = GLOSSARY): string[] {
  const problems: string[] = [];
  const used = new Set(uses.map((u) => u.name));
  for (const name of [...used].sort()) {
    if (!Object.hasOwn(glossary, name)) problems.push(`${name}: answered (${uses.find((u) => u.name === name)!.where}) but not in the glossary`);
  }
  for (const name of Object.keys(glossary).sort()) if (!used.has(name)) problems.push(`${name}: in the glossary but no answer has it`);
  for (const use of uses) {
    const entry = Object.hasOwn(glossary, use.name) ? glossary[use.name] : undefined;
    if (!entry) continue;
    if (use.deprecated && !entry.deprecatedFor) problems.push(`${use.name} (${use.where}): deprecated, but its glossary entry names no deprecatedFor`);
    if (use.deprecated && entry.deprecatedFor && !use.siblings.includes(entry.deprecatedFor)) {
      problems.push(`${use.name} (${use.where}): deprecated for ${entry.deprecatedFor}, which the same object does not answer`);
    }
    if (!use.deprecated && entry.deprecatedFor && !entry.staysWhere) problems.push(`${use.name} (${use.where}): an old name (of ${entry.deprecatedFor}) answered without \`deprecated\``);
  }
  for (const [name, entry] of Object.entries(glossary)) {
    for (const target of [entry.deprecatedFor, entry.sameAs]) {
      if (target === undefined) continue;
      if (!Object.hasOwn(glossary, target)) problems.push(`${name}: names ${target}, which the glossary does not declare`);
      else if (glossary[target].deprecatedFor && !glossary[target].staysWhere) problems.push(`${name}: names ${target}, itself an old name only`);
    }
  }
  return [...new Set(problems)];
}

/** A markdown table cell: one line, `|` escaped. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function notesOf(name: string, entry: GlossaryEntry): string {
  const notes: string[] = [];
  if (entry.fixedBy) notes.push(`The interface's name (${entry.fixedBy}).`);
  if (entry.keptBy) notes.push(`Kept by ${entry.keptBy}.`);
  if (entry.sameAs) notes.push(`Same concept as \`${entry.sameAs}\`.`);
  if (entry.deprecatedFor) {
    notes.push(
      entry.staysWhere
        ? `Stays where ${entry.staysWhere} (**deprecated** there: answered beside \`${entry.deprecatedFor}\` until ${OLD_NAMES_REMOVED_IN}).`
        : `**Deprecated**: the old name of \`${entry.deprecatedFor}\`, answered beside it until ${OLD_NAMES_REMOVED_IN}.`,
    );
  }
  return notes.join(' ');
}

/** `GET /getRanks` of each use, sorted, once. */
const routesOf = (uses: FieldUse[]): string[] => [...new Set(uses.map((u) => u.where.split(' ').slice(1, 2).join(' ')))].sort();

export function renderGlossary(document: OpenAPIObject): string {
  const uses = answerFields(document);
  const names = Object.entries(GLOSSARY);
  const renamed = names.filter(([, entry]) => entry.deprecatedFor).sort(([a], [b]) => a.localeCompare(b));
  const lines = [
    '# Glossary',
    '',
    `<!-- Generated by \`npm run docs\` from ${SOURCE}: edit the entries there, not this file. -->`,
    '',
    'Every field name the gateway\'s normalised answers (and error bodies) may carry, once: what it means, its type and',
    'where its value comes from upstream. test/robustness/glossary.e2e-spec.ts fails on an answer field that is not listed',
    'here. The legacy shape (docs/legacy.md) answers the older services\' bodies in their own words and is not covered.',
    '',
    '## One name per concept',
    '',
    '- A concept the interface the gateway implements names is called by that name wherever it is answered, even where',
    '  its spelling is not the convention below: `singerMID`, `dissid`, `dissname`, `listen_num`, `desc`, `nick`,',
    '  `avatarUrl`, `publicTime`, `rootcommentid`, `praisenum`; and the song\'s own words `songmid`, `songid`, `songname`,',
    '  `singer`, which are the interface\'s parameter names and the fields of a playlist\'s `songlist`.',
    '- Where the interface gives one concept a second name, that name stays where it writes it and nowhere else: a chart',
    '  entry\'s `songId` / `song_id`, `song_mid` / `mid`, `songName` and `singerName`; a /batchGetSongInfo element\'s',
    '  `song_mid`, `song_id`. The table says "Same concept as" for them.',
    '- Everything else is lowerCamelCase: ids end `Id` (`albumId`, `mvId`, `commentId`), MIDs `Mid` (`albumMid`,',
    '  `mediaMid`), counts `Count` (`songCount`, `fanCount`), dates `…Time`, instants `…At`, durations in a unit',
    '  `…Seconds`; a picture is `cover` (of an album, playlist, chart, MV, station) or `…Url` (`avatarUrl`, `imageUrl`).',
    '- The compatibility routes only the older services had keep their own words where the compatibility suite pins them:',
    '  /getRelationList (`from`, `size`, `encUin`, `fanNum`) and /getSearchByType (`t`).',
    '',
    '## Page numbers',
    '',
    PAGE_BASE_NOTE,
    '',
    'It is stated once, by the `PageParam` parameter decorator (src/common/validation.ts), and every paged answer',
    'echoes `page`, `limit` and `total` under those names. /getSearchByType and /searchByType, the routes of the Koa',
    'project\'s fork and of WQTY-MASTER/tiaolv-music, keep those servers\' 1-based `page`, and the legacy shape keeps',
    'the older services\' paging (docs/legacy.md "Request compatibility (both shapes)").',
    '',
    '## Renamed fields',
    '',
    `A field renamed to its concept's one name is answered under its old name too, beside the new one and with the same`,
    `value, until ${OLD_NAMES_REMOVED_IN}, which answers the new name only. The OpenAPI document marks each old name`,
    '`deprecated` (the TypeScript client\'s `@deprecated`); the legacy shape keeps the old names for good.',
    '',
    '| Old name | New name | Answered under both names by |',
    '| --- | --- | --- |',
    ...renamed.map(([name, entry]) => {
      const routes = routesOf(uses.filter((u) => u.name === name && u.deprecated));
      return `| \`${name}\` | \`${entry.deprecatedFor}\` | ${routes.map((r) => `\`${r}\``).join(', ')} |`;
    }),
  ];
  for (const group of GLOSSARY_GROUPS) {
    const inGroup = names.filter(([, entry]) => entry.group === group).sort(([a], [b]) => a.localeCompare(b));
    if (!inGroup.length) continue;
    lines.push('', `## ${group}`, '', '| Field | Type | Meaning | From upstream | Notes |', '| --- | --- | --- | --- | --- |');
    for (const [name, entry] of inGroup) {
      lines.push(`| \`${name}\` | \`${cell(entry.type)}\` | ${cell(entry.meaning)} | ${cell(entry.upstream)} | ${cell(notesOf(name, entry))} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export const glossaryDocs: GeneratedDoc[] = [{ file: 'docs/glossary.md', render: async () => renderGlossary(await buildDocument()) }];
