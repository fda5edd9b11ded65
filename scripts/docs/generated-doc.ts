/**
 * One generated file under docs/: `npm run docs` writes what render() returns to `file` (relative to the repository
 * root), and test/generated-docs fails when the committed file differs. render() must be deterministic.
 */
export interface GeneratedDoc {
  file: string;
  render(): string | Promise<string>;
}
