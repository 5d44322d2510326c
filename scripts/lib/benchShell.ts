/**
 * The painted shell (issue 26): each page loads in headless Chromium at desktop and phone widths,
 * recording the cumulative layout shift (a buffered PerformanceObserver for layout-shift, shifts
 * after user input excluded as the metric does) until the network is idle and a moment after, and
 * whether the first HTML paints: the document at 'commit' already carries the shell's top bar and
 * its "Loading…" status, before any script has run.
 */
import type { Browser } from 'playwright-core';

export const CLS_GOAL = 0.02;

export const SHELL_VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export interface ShellLoad {
  path: string;
  viewport: keyof typeof SHELL_VIEWPORTS;
  cls: number;
  /** The served HTML paints the shell before JavaScript runs. */
  shellAtCommit: boolean;
}

/** The observer, installed before the page's own scripts; the page reads the total on request. */
const OBSERVE_SHIFTS = `
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** How long after the network is idle the shifts still count: late content (pictures, facts) lands then. */
const SETTLE_MS = 1500;

export async function measureShell(browser: Browser, origin: string, paths: string[]): Promise<ShellLoad[]> {
  const loads: ShellLoad[] = [];
  for (const path of paths) {
    for (const viewport of Object.keys(SHELL_VIEWPORTS) as (keyof typeof SHELL_VIEWPORTS)[]) {
      const context = await browser.newContext({ viewport: SHELL_VIEWPORTS[viewport] });
      const page = await context.newPage();
      await page.addInitScript(OBSERVE_SHIFTS);
      const response = await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
      const html = (await response?.text()) ?? '';
      const shellAtCommit = html.includes('class="shell"') && html.includes('Loading…');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(SETTLE_MS);
      const cls = await page.evaluate('window.__cls');
      loads.push({ path, viewport, cls: Number(cls), shellAtCommit });
      await context.close();
    }
  }
  return loads;
}

/** One line a load, each figure beside its goal. */
export function formatShellLoads(loads: ShellLoad[]): string[] {
  return loads.map(
    (load) =>
      `shell ${load.path} (${load.viewport}): CLS ${load.cls.toFixed(3)} (goal <= ${CLS_GOAL})` +
      `, painted before JS: ${load.shellAtCommit ? 'yes' : 'NO'} (goal yes)`,
  );
}
