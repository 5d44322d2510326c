import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, vi } from 'vitest';
import type { EvaluatedModules } from 'vite/module-runner';
import { cleanup, configure } from '@testing-library/react';

afterEach(() => cleanup());

/** The app's own source, web's and core's, as opposed to packages and Vitest's own modules. */
const APP_MODULE = /^\/.*\/(web|core)\/src\//;

// The files of a worker share its modules (isolate: false in web/vitest.config.ts): React, Mantine
// and the other packages are evaluated once a worker instead of once a file, half the project's
// CPU. The app's own modules are evaluated afresh for each file, as in an isolated run, so a file's
// vi.mock reaches every module importing what it mocks, and no state outlives its file.
const worker = (globalThis as { __vitest_worker__?: { evaluatedModules: EvaluatedModules } }).__vitest_worker__;
for (const node of worker?.evaluatedModules.idToModuleMap.values() ?? []) {
  if (APP_MODULE.test(node.id) && !node.id.endsWith('/test-utils/setup.ts')) worker?.evaluatedModules.invalidateModule(node);
}
// A route chunk or lazy component still loading when its file ends would be evaluated after the
// file's tests are done, with no test to fail: every file waits for what it started to load.
afterAll(() => vi.dynamicImportSettled());

// Pages load their route chunks on first render; on a busy 2-core machine that alone can pass the
// default 1 s, and once passed 3 s (session.test.tsx, with the Firebase tier running beside it).
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

// Mantine's autosize Textarea listens for web-font loading.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
});

// jsdom has no Web Worker to read photos in: every photo reads as it is, within the limits. Tests
// of the reading itself set their own answer (vi.mocked(preparePhoto)) or import the real one.
vi.mock('../features/staging/prepare/preparePhoto', () => ({
  preparePhoto: vi.fn(async (file: File) => ({ file, preview: null })),
}));
