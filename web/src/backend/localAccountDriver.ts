import { API_PATHS } from '@flipstage/core';
import { ApiError, type ApiFetch } from './http';
import { withProviders } from './accountIdentity';
import type { AccountDriver } from './types';
import { contracts } from './contracts';
import { fetchImageEdits, fetchImageEditsByIds } from './imageEditsApi';

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
    listImageEdits: (_user, cursor) => fetchImageEdits(apiFetch, cursor),
    getImageEdits: (_user, ids) => fetchImageEditsByIds(apiFetch, ids),
  };
}
