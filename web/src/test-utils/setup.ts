import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

afterEach(() => cleanup());

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
