import { expect, type Page } from '@playwright/test';

/**
 * Lets the page's staging requests reach the server as they are, and holds each answer before
 * the page sees it (Chromium's Fetch domain at the response stage), so a journey can reload while
 * the server has staged and charged but the page never heard back. Playwright's own routing cannot
 * do this: re-sending a request from the test loses a multipart body that carries a file.
 */
export async function holdStageAnswers(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  let answered!: (status: number) => void;
  const answer = new Promise<number>((resolve) => (answered = resolve));
  cdp.on('Fetch.requestPaused', (event) => {
    if (event.responseStatusCode !== undefined) answered(event.responseStatusCode);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/api/stage', requestStage: 'Response' }] });
  return {
    /** Waits until the server answered the first staging, and checks it staged. */
    async serverStaged(): Promise<void> {
      expect(await answer).toBe(200);
    },
    /** Lets answers through again (after the reload, whose page never gets the held one). */
    async release(): Promise<void> {
      await cdp.send('Fetch.disable');
      await cdp.detach();
    },
  };
}
