/**
 * The App Check port without Google's attestation: only the tokens registered here pass, as App
 * Check's debug tokens do. Local mode registers none (it runs with App Check off); tests register
 * the tokens their clients send.
 */
import { InvalidAppCheckToken, type AppCheckVerifier } from '../../ports/appCheck.js';

export function createDebugAppCheck(debugTokens: readonly string[]): AppCheckVerifier {
  const accepted = new Set(debugTokens);
  return {
    verifyToken(token) {
      return accepted.has(token) ? Promise.resolve() : Promise.reject(new InvalidAppCheckToken());
    },
  };
}
