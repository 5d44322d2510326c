import { readFile } from 'node:fs/promises';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints what the page showed when a journey failed (Playwright's error context: the page's ARIA
 * snapshot, its alerts and messages included). CI keeps only the run's output, not test-results/,
 * and a failure that happens there alone ("the result never appeared") says nothing without it.
 */
export default class PageAtFailure implements Reporter {
  async onTestEnd(test: TestCase, result: TestResult): Promise<void> {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((a) => a.name === 'error-context' && a.path);
    if (!context?.path) return;
    const text = await readFile(context.path, 'utf8').catch(() => null);
    if (text === null) return;
    // The rest (instructions, the error, the source) the list reporter has printed already. The
    // snapshot is a section of its own, or (when the error printed it) the YAML after the error.
    const at = [text.indexOf('# Page snapshot'), text.indexOf('```yaml')].find((index) => index >= 0) ?? 0;
    const snapshot = text.slice(at);
    process.stdout.write(`\nThe page when "${test.title}" failed:\n${snapshot}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
