import { expect, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { MergedUser, StagePreview, StageResponse } from '@flipstage/core';
import { AppProviders } from '../../../app/AppProviders';
import type { StudioMark, StageImageRequest, StagingDriver } from '../../../backend/staging';
import { createFakeBackend, fakeAuthUser, fakeMergedUser } from '../../../test-utils/fakeBackend';
import { StagingStudio } from '../StagingStudio';
import { saveLastChoice, type LastChoice } from '../lastChoice';

let objectUrls = 0;
// jsdom has no object URLs; the studio only needs distinct strings.
URL.createObjectURL = vi.fn(() => `blob:test-${++objectUrls}`);
URL.revokeObjectURL = vi.fn();

export function imageFile(name: string, type = 'image/jpeg'): File {
  return new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type });
}

/** The engine's preview of a plain photo of a piece: nothing to say, no outline, no guess. */
export const OK_PREVIEW: StagePreview = { verdict: 'ok', suggestedType: null, outline: [] };

/** A preview answering each photo with `preview` (by default OK_PREVIEW). */
export function previewAnswering(preview: StagePreview = OK_PREVIEW) {
  return vi.fn(async (_file: File, _mark: StudioMark, _signal?: AbortSignal): Promise<StagePreview> => preview);
}

/** A test's staging driver; without a preview of its own, every photo previews as OK_PREVIEW. */
export type TestStagingDriver = Omit<StagingDriver, 'preview'> & Partial<Pick<StagingDriver, 'preview'>>;

/** A staging driver that answers in order and counts the balance down from `credits`. */
export function createFakeStagingDriver(credits: number) {
  let balance = credits;
  let n = 0;
  const stage = vi.fn(async (_request: StageImageRequest): Promise<StageResponse> => {
    n += 1;
    balance -= 1;
    return {
      editId: `edit-${n}`,
      inputUrl: `http://127.0.0.1:5050/blobs/image_edits/in-${n}.jpg`,
      outputUrl: `http://127.0.0.1:5050/blobs/image_edits/out-${n}.jpg`,
      creditsRemaining: balance,
    };
  });
  return { stage, preview: previewAnswering() } satisfies StagingDriver;
}

/** Who uses the studio in a test: the account the fake backend serves, or nobody. */
export interface StudioAccount {
  user: MergedUser | null;
}

export function signedInSession(credits: number): StudioAccount {
  return { user: fakeMergedUser({ creditsRemaining: credits }) };
}

export const signedOutSession: StudioAccount = { user: null };

/**
 * Renders the studio at / against a fake backend (in a memory router with stand-ins for the pages
 * it navigates to) and waits until the credits are known.
 */
export async function renderStudio(options: {
  session: StudioAccount;
  backend?: TestStagingDriver;
  /** The style and type the signed-in seller chose on an earlier visit. */
  lastChoice?: LastChoice;
}) {
  const { user } = options.session;
  // The studio remembers the seller's last choice in localStorage: each test starts without another's.
  localStorage.clear();
  if (user && options.lastChoice) saveLastChoice(user.uid, options.lastChoice);
  const given = options.backend ?? createFakeStagingDriver(user?.creditsRemaining ?? 0);
  const staging: StagingDriver = { preview: previewAnswering(), ...given };
  const fake = createFakeBackend({ user: user ? fakeAuthUser({ uid: user.uid }) : null, merged: user, staging });
  let ids = 0;
  vi.spyOn(crypto, 'randomUUID').mockImplementation(() => `id-${++ids}` as ReturnType<Crypto['randomUUID']>);
  const rootRoute = createRootRoute({ component: Outlet });
  const page = (path: string) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>Page {path}</p> });
  const studioRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: StagingStudio });
  const router = createRouter({
    routeTree: rootRoute.addChildren([studioRoute, page('/auth/$type'), page('/tips'), page('/marketplace')]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  const store = createStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <AppProviders services={{ backend: fake, store, queryClient }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // The drop zone is its own chunk; the first render in a test file waits for it to be imported.
  await screen.findByLabelText('Upload furniture photos', undefined, { timeout: 5_000 });
  await waitFor(() => expect(screen.getByRole('status')).not.toHaveTextContent('…'));
  return { ...result, router, store, queryClient, backend: staging, account: fake.account };
}

/** Uploads through the studio's own file input, as a person picking files does. */
export async function upload(...files: File[]) {
  await userEvent.upload(screen.getByLabelText('Upload furniture photos'), files);
}

/** The n-th thumbnail's tile in the strip, with its buttons and caption. */
export function thumbnail(n: number) {
  return screen.getByRole('button', { name: `Select image ${n}` }).parentElement!;
}

/** A promise the test settles itself, to hold a request open while it looks at the studio. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
