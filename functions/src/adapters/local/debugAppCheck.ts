/**
 * The App Check port without Google's attestation: only the tokens registered here pass, as App
 * Check's debug tokens do, and `<token>:<anything>`, which stands for one of the distinct
 * limited-use tokens the app gets from that source. A limited-use token verified with `consume` is
 * used up, as App Check's are. Local mode registers none (it runs with App Check off); tests
 * register the tokens their clients send.
 */
import { InvalidAppCheckToken, type AppCheckVerifier } from '../../ports/appCheck.js';

export function createDebugAppCheck(debugTokens: readonly string[]): AppCheckVerifier {
  const accepted = new Set(debugTokens);
  const consumed = new Set<string>();
  return {
    verifyToken(token, options = {}) {
      const source = token.includes(':') ? token.slice(0, token.indexOf(':')) : token;
      if (!accepted.has(source)) return Promise.reject(new InvalidAppCheckToken());
      if (options.consume) {
        if (consumed.has(token)) return Promise.reject(new InvalidAppCheckToken());
        consumed.add(token);
      }
      return Promise.resolve();
    },
  };
}
