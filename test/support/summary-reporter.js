// Prints one plain closing line ("tests: N passed, N failed") that CI tooling reads, after jest's own summary.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : '');
    process.stderr.write(`${line}\n`);
  }
}
module.exports = SummaryReporter;
