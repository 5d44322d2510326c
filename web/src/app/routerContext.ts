import type { AppStore } from '../backend/authState';

export interface RouterContext {
  /** The jotai store holding the auth state; guards read it outside React. */
  store: AppStore;
}
