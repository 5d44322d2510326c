import { createContext, useContext, type ReactNode } from 'react';
import type { Backend } from './types';

const BackendContext = createContext<Backend | null>(null);

/** Components reach the backend only through this context, so tests can hand in a fake driver. */
export function BackendProvider({ backend, children }: { backend: Backend; children: ReactNode }) {
  return <BackendContext.Provider value={backend}>{children}</BackendContext.Provider>;
}

export function useBackend(): Backend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('useBackend must be used inside <BackendProvider>');
  return backend;
}
