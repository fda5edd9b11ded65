/** The oldest Node.js major the gateway runs on: package.json `engines`, the Dockerfile's base image, the README. */
export const MINIMUM_NODE_MAJOR = 24;

/** Why `version` (e.g. '20.20.2') cannot run the gateway, or undefined when it can. */
export function nodeVersionProblem(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= MINIMUM_NODE_MAJOR) return undefined;
  return `Node.js ${MINIMUM_NODE_MAJOR} or newer is required, this is ${version}: use the image, nvm, or ./node_modules/.bin/node (npm ci installs Node ${MINIMUM_NODE_MAJOR})`;
}
