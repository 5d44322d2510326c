/**
 * How the simulated eBay signs its notifications, as eBay does: ECDSA over the body with SHA-1,
 * the signature and the key's id in a base64 JSON X-EBAY-SIGNATURE header, the public key served
 * by the Notification API's getPublicKey.
 */
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';

export interface SimSigner {
  kid: string;
  /** As eBay's getPublicKey answers it: PEM on one line. */
  publicKey: string;
  /** The X-EBAY-SIGNATURE header for this body. */
  header(body: string | Buffer): string;
}

export function createSimSigner(): SimSigner {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const kid = randomUUID();
  const pem = (publicKey as KeyObject).export({ type: 'spki', format: 'pem' }).toString().replace(/\n/g, '');
  return {
    kid,
    publicKey: pem,
    header(body) {
      const signature = sign('sha1', Buffer.from(body), privateKey).toString('base64');
      return Buffer.from(JSON.stringify({ alg: 'ECDSA', kid, signature, digest: 'SHA1' })).toString('base64');
    },
  };
}
