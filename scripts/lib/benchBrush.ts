/**
 * How soon the outline follows a brush stroke (issue 38, item 3; goal 300 ms): in the production
 * build in headless Chromium against the local host, a visitor adds a sample photo, erases bands
 * through the piece with the mouse, and each stroke is timed from the pointer lifted to the
 * outline on the photo redrawn from the engine's new preview. Both moments are taken in the page
 * (performance.now), so Playwright's polling is not timed. The preview request's own time, as the
 * browser saw it, is reported beside it: the server's share of the wait.
 */
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';

export interface StrokeTimes {
  /** Pointer up to the outline redrawn, per stroke, in ms. */
  outline: number[];
  /** The stroke's preview request, sent to answered, per stroke, in ms. */
  request: number[];
  /** The browser's own share of each redrawn stroke: pointer up to the request sent, answer to the redraw, in ms. */
  browser: number[];
  /** Strokes whose new outline was the same as the one before: nothing to redraw. */
  unchanged: number;
  photo: string;
}

export const BRUSH_SAMPLE = fileURLToPath(new URL('../../samples/armchair-green.jpg', import.meta.url));

/**
 * In the page: the time of each pointer up, and of the first change to the outline's polygons
 * after it (the ring and the painted cells beside the outline are not watched).
 */
const WATCH_OUTLINE = `
  window.__strokes = [];
  document.addEventListener('pointerup', () => window.__strokes.push({ up: performance.now(), drawn: null }), true);
  new MutationObserver(() => {
    const last = window.__strokes[window.__strokes.length - 1];
    if (last && last.drawn === null) last.drawn = performance.now();
  }).observe(document.querySelector('svg[aria-label="Cut-out outline"]'), {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['points'],
  });
`;

interface Stroke {
  up: number;
  drawn: number | null;
}

export async function measureBrushStrokes(browser: Browser, url: string, strokes: number): Promise<StrokeTimes> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('Upload furniture photos').setInputFiles(BRUSH_SAMPLE);
    const outline = page.getByRole('img', { name: 'Cut-out outline' });
    await outline.waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Mark the piece' }).click();
    await page.locator('label').filter({ hasText: /^Erase$/ }).click();
    const area = page.getByRole('application', { name: 'Erase parts of photo 1' });
    await area.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = (await area.boundingBox())!;
    await page.evaluate(WATCH_OUTLINE);
    const outlineTimes: number[] = [];
    const requestTimes: number[] = [];
    let unchanged = 0;
    const waits: { beforeRequest: number; afterAnswer: number }[] = [];
    for (let i = 0; i < strokes; i++) {
      // Vertical bands through the piece, a little further right each time: each drops new cells.
      const x = box.x + box.width * (0.36 + (0.28 * i) / Math.max(1, strokes - 1));
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/stage/preview'), { timeout: 120_000 });
      await page.mouse.move(x, box.y + box.height * 0.15);
      await page.mouse.down();
      await page.mouse.move(x, box.y + box.height * 0.85, { steps: 6 });
      await page.mouse.up();
      await answered;
      // An answer whose outline is the same as before changes nothing on screen: counted apart.
      const stroke = (await page
        .waitForFunction('(() => { const s = window.__strokes.at(-1); return s && s.drawn !== null && s; })()', undefined, {
          timeout: 5_000,
        })
        .then((handle) => handle.jsonValue())
        .catch(() => null)) as Stroke | null;
      if (stroke) outlineTimes.push(stroke.drawn! - stroke.up);
      else unchanged++;
      // The browser's own record of the request: sent after the pointer was lifted, answered before the redraw.
      const request = (await page.evaluate(`(() => {
        const entry = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/stage/preview')).at(-1);
        return { start: entry.startTime, end: entry.responseEnd };
      })()`)) as { start: number; end: number };
      requestTimes.push(request.end - request.start);
      if (stroke) waits.push({ beforeRequest: request.start - stroke.up, afterAnswer: stroke.drawn! - request.end });
    }
    return {
      outline: outlineTimes,
      request: requestTimes,
      browser: waits.map((w) => w.beforeRequest + w.afterAnswer),
      unchanged,
      photo: 'samples/armchair-green.jpg (1200 x 900)',
    };
  } finally {
    await context.close();
  }
}
