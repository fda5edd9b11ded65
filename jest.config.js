// Two projects: pure unit tests, and e2e tests that boot the real app against the fake upstream.
// ts-jest transpiles file by file (isolatedModules in tsconfig); `npm test` type-checks the whole tree with tsc first.
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.json' }];
const common = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  rootDir: '.',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest },
  setupFiles: ['<rootDir>/test/support/fast-check-seed.ts'],
};
module.exports = {
  // Three workers on a 2-core machine (jest's default there is one): the e2e suites mostly wait on sockets, child
  // processes and fake-upstream holds. Measured on CI's kind: 662 s with two, 506 s with three, both green.
  maxWorkers: 3,
  // jest's 5 s default failed data-driven suites on a busy 2-core machine (CI's kind); slow tests still set their own.
  testTimeout: 60_000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
  ],
};
