import { useMemo } from 'react';
import { useAuthStatus, useMergedUser, useRefreshMergedUser } from '../../backend/session';
import { createHttpStagingBackend } from '../../backend/staging';
import { track } from '../../analytics/track';
import { StagingStudio } from './StagingStudio';
import { previewHeicInWorker } from './heic/heicFiles';
import { StudioServicesContext, type StudioServices, type StudioSession } from './studioServices';

const services: StudioServices = {
  backend: createHttpStagingBackend(),
  track,
  createId: () => crypto.randomUUID(),
  previewHeic: previewHeicInWorker,
};

/** The studio wired to the real session, staging API and analytics. */
export function StagingStudioWithServices() {
  const status = useAuthStatus();
  const user = useMergedUser();
  const refresh = useRefreshMergedUser();
  const session = useMemo<StudioSession>(
    () => ({ status, user, refreshUser: () => void refresh() }),
    [status, user, refresh],
  );
  return (
    <StudioServicesContext.Provider value={services}>
      <StagingStudio session={session} />
    </StudioServicesContext.Provider>
  );
}
