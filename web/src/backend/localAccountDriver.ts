import { API_PATHS } from '@flipstage/core';
import { ApiError, type ApiFetch } from './http';
import { withProviders } from './accountIdentity';
import type { AccountDriver } from './types';
import { contracts } from './contracts';

export const IMAGE_EDITS_PATH = '/api/image-edits';

/** Local mode: the account, credits and image edits come from the local host's HTTP API. */
export function createLocalAccountDriver(apiFetch: ApiFetch): AccountDriver {
  return {
    realtime: false,
    async ensureAccount(user) {
      return withProviders(
        await apiFetch(API_PATHS.account, { schema: contracts.mergedUser, method: 'POST', json: {} }),
        user,
      );
    },
    async readMergedUser(user) {
      try {
        return withProviders(await apiFetch(API_PATHS.account, { schema: contracts.mergedUser }), user);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    async updateProfile(_user, profile) {
      await apiFetch(API_PATHS.account, { schema: contracts.mergedUser, method: 'PATCH', json: profile });
    },
    async listImageEdits(_user, cursor) {
      const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      return apiFetch(`${IMAGE_EDITS_PATH}${query}`, { schema: contracts.imageEditsPage });
    },
  };
}
