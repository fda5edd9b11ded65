import fc from 'fast-check';

/**
 * Property tests run from a fixed seed by default, so a commit that passed locally passes in CI too (a random
 * counterexample once failed CI on code that had passed). FC_SEED=<n> replays a reported failure; FC_SEED=random
 * explores new inputs (`npm run test:fuzz`), and fast-check prints the seed of any failure it finds.
 */
const seed = process.env.FC_SEED;
if (seed !== 'random') fc.configureGlobal({ seed: seed ? Number(seed) : 20261123 });
