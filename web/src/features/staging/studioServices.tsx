import { createContext, useContext } from 'react';
import type { MergedUser } from '@flipstage/core';
import type { StagingBackend } from '../../backend/staging';
import type { AuthStatus } from '../../backend/authState';
import type { AnalyticsEvent, AnalyticsParams } from '../../analytics/track';
import type { HeicPreviewer } from './heic/heicFiles';

export type TrackEvent = (event: AnalyticsEvent, params?: AnalyticsParams) => void;

/** What the studio talks to; the home page supplies the real ones, tests supply fakes. */
export interface StudioServices {
  backend: StagingBackend;
  track: TrackEvent;
  /** Ids for uploaded images and idempotency keys for staging attempts. */
  createId: () => string;
  /** Makes a displayable preview of a HEIC, which browsers cannot show. */
  previewHeic: HeicPreviewer;
}

/** Who is using the studio; `user` is null while signed out or while the account loads. */
export interface StudioSession {
  status: AuthStatus;
  user: MergedUser | null;
  /** Re-reads the merged user after staging changed the balance. */
  refreshUser: () => void;
}

export const StudioServicesContext = createContext<StudioServices | null>(null);

export function useStudioServices(): StudioServices {
  const services = useContext(StudioServicesContext);
  if (!services) throw new Error('useStudioServices needs a StudioServicesContext provider');
  return services;
}

/** The balance is unknown until the auth state and, when signed in, the account have loaded. */
export function isAccountLoading(session: StudioSession): boolean {
  return session.status === 'unknown' || (session.status === 'signedIn' && !session.user);
}
