/** One documented route: an operation's path, or one of its alias paths (`x-aliases`, see foldAliasPaths). */
export interface DocumentedRoute {
  method: string;
  path: string;
  op: Record<string, any>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every route /docs-json documents, alias paths included, in document order. */
export function documentedRoutes(doc: { paths: Record<string, Record<string, any>> }): DocumentedRoute[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .flatMap(([method, op]) => [path, ...((op['x-aliases'] as string[] | undefined) ?? [])].map((p) => ({ method, path: p, op }))),
  );
}

/** Every documented POST path, alias paths included. */
export const documentedPosts = (doc: { paths: Record<string, Record<string, any>> }): string[] =>
  documentedRoutes(doc).filter((r) => r.method === 'post').map((r) => r.path);

/** Each documented path (alias paths included) with the methods documented for it, upper-case. */
export function documentedMethodsByPath(doc: { paths: Record<string, Record<string, any>> }): Array<{ path: string; methods: string[] }> {
  const byPath = new Map<string, string[]>();
  for (const { method, path } of documentedRoutes(doc)) byPath.set(path, [...(byPath.get(path) ?? []), method.toUpperCase()]);
  return [...byPath].map(([path, methods]) => ({ path, methods }));
}
