/** The App Check port on the Admin SDK, which checks the token's signature, project and expiry. */
import type { AppCheck } from 'firebase-admin/app-check';
import { InvalidAppCheckToken, type AppCheckVerifier } from '../../ports/appCheck.js';

/** The codes the Admin SDK gives a token that is malformed, forged, for another project or expired. */
const TOKEN_FAULTS = new Set(['app-check/invalid-argument', 'app-check/app-check-token-expired']);

export function createFirebaseAppCheck(appCheck: AppCheck): AppCheckVerifier {
  return {
    async verifyToken(token, options = {}) {
      let answer: { alreadyConsumed?: boolean };
      try {
        answer = await appCheck.verifyToken(token, options.consume ? { consume: true } : undefined);
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code === 'string' && TOKEN_FAULTS.has(code)) throw new InvalidAppCheckToken({ cause: error });
        throw error;
      }
      if (options.consume && answer.alreadyConsumed) throw new InvalidAppCheckToken();
    },
  };
}
