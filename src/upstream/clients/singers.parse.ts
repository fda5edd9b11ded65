/** The singer description CGI's XML → `{ code, info }`, as the singers client reads it (docs/upstream/singers.md "Singer description"). */
import { createRequire } from 'node:module';
import type * as FastXmlParser from 'fast-xml-parser';

type Raw = Record<string, any>;

type SingerDescXml = { parser: FastXmlParser.XMLParser; validator: typeof FastXmlParser.XMLValidator };
let xml: SingerDescXml | undefined;

/** fast-xml-parser, loaded on the first singer description: a process that never asks for one does not hold it. */
function singerDescXml(): SingerDescXml {
  if (!xml) {
    const { XMLParser, XMLValidator } = createRequire(__filename)('fast-xml-parser') as typeof FastXmlParser;
    const parser = new XMLParser({ parseTagValue: false, trimValues: true, ignoreAttributes: true, isArray: (name) => name === 'item' });
    xml = { parser, validator: XMLValidator };
  }
  return xml;
}

export class SingerDescXmlError extends Error {}

/**
 * `fcg_get_singer_desc.fcg` XML → `{ code, info }`: `result > code`, `result > data > info > {desc, basic > item[], other > item[]}`.
 * Throws SingerDescXmlError when the text is not well-formed XML or has no `<result>` root (an HTML page, garbage).
 */
export function parseSingerDescXml(text: string): { code: number; info: Raw | null } {
  const { parser, validator } = singerDescXml();
  const valid = validator.validate(text);
  if (valid !== true) throw new SingerDescXmlError(`not well-formed XML: ${valid.err.msg}`);
  const doc = parser.parse(text);
  const result = doc?.result;
  if (result === undefined || result === null || typeof result !== 'object') {
    throw new SingerDescXmlError('no <result> element');
  }
  const code = result.code === undefined || result.code === '' ? 0 : Number(result.code);
  const info = result.data && typeof result.data === 'object' ? result.data.info : undefined;
  return { code: Number.isFinite(code) ? code : -1, info: info && typeof info === 'object' ? info : null };
}
