/**
 * The check of every suite that captures the app's logs (startHarness's `logs`): no secret in any line. The lines must
 * exist, else the check proves nothing; so must each secret: an undefined one would look for the text "undefined".
 */
export function expectNoSecretInLogs(logs: readonly string[], secrets: Iterable<string | undefined>): void {
  expect(logs.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    expect(secret).toEqual(expect.stringMatching(/./));
    // The offending lines, not a yes/no, when it fails.
    expect(logs.filter((line) => line.includes(secret!))).toEqual([]);
  }
}
