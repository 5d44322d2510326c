import { vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createStore, Provider as JotaiProvider } from 'jotai';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { StageResponse } from '@flipstage/core';
import { theme } from '../../../app/theme';
import type { StageImageRequest, StagingBackend } from '../../../backend/staging';
import { StagingStudio } from '../StagingStudio';
import { StudioServicesContext, type StudioServices, type StudioSession } from '../studioServices';
import type { HeicPreviewer } from '../heic/heicFiles';

let objectUrls = 0;
// jsdom has no object URLs; the studio only needs distinct strings.
URL.createObjectURL = vi.fn(() => `blob:test-${++objectUrls}`);
URL.revokeObjectURL = vi.fn();

export function imageFile(name: string, type = 'image/jpeg'): File {
  return new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type });
}

/** A staging backend that answers in order and counts the balance down from `credits`. */
export function createFakeStagingBackend(credits: number) {
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
  return { stage } satisfies StagingBackend;
}

export function signedInSession(credits: number): StudioSession {
  return {
    status: 'signedIn',
    user: {
      uid: 'user-1',
      email: 'ada@example.com',
      name: 'Ada',
      avatar: '/default-avatar.svg',
      providers: ['password'],
      planId: null,
      creditsRemaining: credits,
      stripeCustomerId: null,
      stripeSubscriptionStatus: null,
      planIsActive: false,
      isFreeTrial: true,
    },
    refreshUser: vi.fn(),
  };
}

export const signedOutSession: StudioSession = { status: 'signedOut', user: null, refreshUser: vi.fn() };

/** Renders the studio at / inside a memory router with stand-ins for the pages it navigates to. */
export async function renderStudio(options: { session: StudioSession; backend?: StagingBackend; previewHeic?: HeicPreviewer }) {
  const backend = options.backend ?? createFakeStagingBackend(options.session.user?.creditsRemaining ?? 0);
  let ids = 0;
  const previewHeic = options.previewHeic ?? (async () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }));
  const services: StudioServices = { backend, track: vi.fn(), createId: () => `id-${++ids}`, previewHeic };
  const rootRoute = createRootRoute({ component: Outlet });
  const page = (path: string) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>Page {path}</p> });
  const studioRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <StagingStudio session={options.session} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([studioRoute, page('/auth/$type'), page('/tips'), page('/marketplace')]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  const store = createStore();
  const result = render(
    <MantineProvider theme={theme}>
      <JotaiProvider store={store}>
        <StudioServicesContext.Provider value={services}>
          <RouterProvider router={router} />
        </StudioServicesContext.Provider>
      </JotaiProvider>
    </MantineProvider>,
  );
  await screen.findByLabelText('Upload furniture photos');
  return { ...result, router, store, services, backend };
}
