import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Locator, type Page, type Route } from '@playwright/test';
import { API_PATHS, IDEMPOTENCY_HEADER } from '@flipstage/core';
import { signUp, TEST_PASSWORD } from './support/accounts';
import { AUTH_EMULATOR_URL, LOCAL_HOST_URL, WEB_URL } from './support/ports';

/*
 * The production build under the headers the local host sends, as Hosting sends them deployed
 * (core/src/securityHeaders.ts). Chromium reports what the Content-Security-Policy blocks as a
 * securitypolicyviolation event in the document and as a log entry, the page's or a worker's.
 * No route may have either.
 */

const JPEG_PHOTO = fileURLToPath(new URL('../../samples/dresser-blue.jpg', import.meta.url));
const HEIC_PHOTO = fileURLToPath(new URL('../../functions/test/fixtures/heic/armchair-irot.heic', import.meta.url));
const REFUSED = /Content Security Policy|Refused to/;

/** Serves the real answer changed: headers dropped, text put in front (Playwright hands the body decoded). */
async function serveChanged(route: Route, { drop = [], prefix = '' }: { drop?: string[]; prefix?: string }) {
  const response = await route.fetch();
  const headers = { ...response.headers() };
  for (const name of ['content-encoding', 'content-length', ...drop]) delete headers[name];
  await route.fulfill({ response, headers, body: `${prefix}${await response.text()}` });
}

/** Every violation the page and its workers report from now on, as text. */
async function watchViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  const note = (where: string) => (text: string) => {
    if (REFUSED.test(text)) found.push(`${where}: ${text}`);
  };
  const log = await page.context().newCDPSession(page);
  log.on('Log.entryAdded', ({ entry }) => note(entry.url ?? 'page')(entry.text));
  await log.send('Log.enable');
  await page.exposeFunction('reportViolation', note('page'));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation(text: string): void }).reportViolation;
      report(`${location.pathname}: Refused to load ${event.blockedURI} (${event.effectiveDirective})`);
    });
  });
  // A worker's refusals reach neither the page's log nor its events: each worker's script is served
  // with a listener in front that writes them to its console, which Playwright passes on.
  const listener = `self.addEventListener('securitypolicyviolation', (event) => console.error('Refused to load', event.blockedURI, event.effectiveDirective));\n`;
  await page.route(/\/assets\/[^/]+\.worker-[\w-]+\.js$/, (route) => serveChanged(route, { prefix: listener }));
  page.on('worker', (worker) => worker.on('console', (message) => note(worker.url())(message.text())));
  return found;
}

interface Listing {
  id: string;
  title: string;
}

/** Lists a photo through the API (the listing form has journeys of its own). */
async function listPhoto(request: APIRequestContext): Promise<Listing> {
  const signedUp = await request.post(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`,
    {
      data: { email: `csp-${randomUUID().slice(0, 12)}@example.com`, password: TEST_PASSWORD, returnSecureToken: true },
    },
  );
  const authorization = `Bearer ${((await signedUp.json()) as { idToken: string }).idToken}`;
  expect((await request.post(API_PATHS.account, { headers: { authorization } })).ok()).toBe(true);
  const title = `Blue dresser ${randomUUID().slice(0, 6)}`;
  const created = await request.post(API_PATHS.marketplaceCreateItem, {
    headers: { authorization, [IDEMPOTENCY_HEADER]: randomUUID() },
    multipart: {
      title,
      description: 'Six drawers, brass knobs.',
      price: '240',
      images: { name: 'dresser.jpg', mimeType: 'image/jpeg', buffer: await readFile(JPEG_PHOTO) },
    },
  });
  expect(created.status()).toBe(201);
  return { id: ((await created.json()) as { id: string }).id, title };
}

/**
 * Waits until the picture has pixels or a violation is reported: a refusal fails what it refuses
 * (a worker's, its photo), and the test then says which refusal rather than that nothing showed.
 */
async function shownOrRefused(picture: Locator, found: string[]): Promise<void> {
  const shown = () => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  await expect.poll(async () => found.length > 0 || (await shown())).toBe(true);
}

/** How many photos the studio has written to this browser's IndexedDB (features/staging/persistence/). */
function keptPhotoCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'flipstage-studio')) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('flipstage-studio');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const count = await new Promise<number>((resolve, reject) => {
      const counted = db.transaction('photos').objectStore('photos').count();
      counted.onsuccess = () => resolve(counted.result);
      counted.onerror = () => reject(counted.error);
    });
    db.close();
    return count;
  });
}

/** Opens the route and waits until it has loaded all it loads (its data, photos, lazy chunks). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the app’s pages and its API answer with the security headers', async ({ request }) => {
  const { id } = await listPhoto(request);
  for (const path of ['/pricing', `/marketplace/${id}`, `${API_PATHS.marketplaceGetItem}?id=${id}`]) {
    const headers = (await request.get(path)).headers();
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    // The local host speaks http, where a browser ignores HSTS.
    expect(headers['strict-transport-security'], path).toBeUndefined();
  }
});

test('signed out, every public route runs with no Content-Security-Policy violation', async ({ page, request }) => {
  const found = await watchViolations(page);
  const listing = await listPhoto(request);
  const routes = ['/', '/pricing', '/marketplace', `/marketplace/${listing.id}`, '/tips', '/legal/privacy-policy'];
  for (const path of [...routes, '/auth/signin', '/auth/signup', '/no/such/page']) await visit(page, path);
  // The listing's photo is on the local host's API origin, as Storage's are on Google's deployed.
  await page.goto(`/marketplace/${listing.id}`);
  await shownOrRefused(page.getByRole('img', { name: `${listing.title}, photo 1 of 1` }), found);
  expect(found).toEqual([]);
});

test('signed in, the dashboard, messages, settings and the studio reading, showing and keeping a JPEG and a HEIC run with no violation', async ({
  page,
}) => {
  const found = await watchViolations(page);
  await signUp(page);
  for (const path of ['/dashboard', '/messages', '/settings/general', '/settings/password']) await visit(page, path);
  await visit(page, '/');
  // Each photo is read in a worker, the HEIC decoded there by WebAssembly.
  await page.getByLabel('Upload furniture photos').setInputFiles([JPEG_PHOTO, HEIC_PHOTO]);
  for (const n of [1, 2])
    await shownOrRefused(page.getByRole('button', { name: `Select image ${n}` }).locator('img'), found);
  // Keeping them for a reload reads the HEIC's decoded preview back from its blob: URL.
  await expect.poll(() => keptPhotoCount(page)).toBe(2);
  expect(found).toEqual([]);
});

test('a page of another site that frames the app, a listing or the API is refused', async ({ page, request }) => {
  const { id } = await listPhoto(request);
  const victims = [
    `${WEB_URL}/pricing`,
    `${WEB_URL}/marketplace/${id}`,
    `${LOCAL_HOST_URL}${API_PATHS.marketplaceGetItems}`,
  ];
  // The control: the same page with its Content-Security-Policy taken off loads in the same frame.
  const unprotected = `${WEB_URL}/pricing?unprotected`;
  await page.route(unprotected, (route) => serveChanged(route, { drop: ['content-security-policy'] }));
  const attacker = 'http://attacker.example/';
  await page.route(attacker, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: [...victims, unprotected].map((url) => `<iframe src="${url}"></iframe>`).join(''),
    }),
  );
  await page.goto(attacker);
  const frameUrls = () =>
    page
      .mainFrame()
      .childFrames()
      .map((frame) => frame.url());
  // Chromium replaces a frame it refuses to show with its error page.
  await expect.poll(frameUrls).toEqual([...victims.map(() => 'chrome-error://chromewebdata/'), unprotected]);
});
