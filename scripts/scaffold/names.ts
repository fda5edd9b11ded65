import type { EndpointSpec } from './spec';

const words = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(' ');

export const pascal = (s: string): string => s[0].toUpperCase() + s.slice(1);
export const camel = (s: string): string => s[0].toLowerCase() + s.slice(1);
export const kebab = (s: string): string => words(s).join('-');
const upperSnake = (s: string): string => words(s).join('_').toUpperCase();

/** Every name the generated code uses, derived from the route name (getSongFavCount). */
export interface Names {
  /** The name without a leading get (SongFavCount); a write keeps its verb (SetPlaylistDesc). */
  noun: string;
  dtoClass: string;
  dtoFile: string;
  answer: string;
  example: string;
  mapper: string;
  clientMethod: string;
  /** The client's answer type (a read's): what the mapper reads. */
  upstreamType: string;
  fakeHandler: string;
  section: string;
  e2eFile: string;
  unitFile: string;
}

export function namesOf(spec: EndpointSpec): Names {
  const noun = pascal(spec.write ? spec.name : spec.name.replace(/^get(?=[A-Z])/, ''));
  const title = words(noun).join(' ');
  const testStem = kebab(spec.write ? spec.name : noun);
  return {
    noun,
    dtoClass: `${pascal(spec.name)}${spec.write ? 'Body' : 'Query'}`,
    dtoFile: `src/${spec.area}/dto/${kebab(spec.name)}.dto.ts`,
    answer: `${noun}Answer`,
    example: `${upperSnake(noun)}_EXAMPLE`,
    mapper: `map${noun}`,
    clientMethod: spec.write ? spec.name : camel(noun),
    upstreamType: `${noun}Upstream`,
    fakeHandler: `fake${noun}`,
    section: spec.section ?? title[0].toUpperCase() + title.slice(1),
    e2eFile: `test/${spec.area}/${testStem}.e2e-spec.ts`,
    unitFile: `test/unit/${testStem}.mapper.spec.ts`,
  };
}
