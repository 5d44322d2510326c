/**
 * Sealing a seller's eBay refresh token (AES-256-GCM), and signing the consent's `state` (HMAC),
 * both with keys derived from one secret: EBAY_TOKEN_KEY in Firebase mode, a key generated into
 * the data folder in local mode. A sealed token read by anyone without the secret is noise; a
 * tampered one fails to open.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface TokenKeys {
  seal(plain: string): string;
  /** Null when the text was not sealed with this secret, or was changed. */
  open(sealed: string): string | null;
  sign(payload: string): string;
  /** The payload, when the signature is this secret's. */
  verify(signed: string): string | null;
}

/** Separate keys for sealing and signing, so neither use can stand in for the other. */
function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'flipstage-ebay', purpose, 32));
}

export function tokenKeys(secret: string): TokenKeys {
  if (secret.trim().length < 16) throw new Error('The eBay token key must be at least 16 characters of random text');
  const sealKey = derive(secret, 'seal refresh tokens');
  const signKey = derive(secret, 'sign consent state');
  const mac = (payload: string) => createHmac('sha256', signKey).update(payload).digest('base64url');
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed) {
      const [version, packed] = sealed.split('.');
      if (version !== VERSION || !packed) return null;
      const bytes = Buffer.from(packed, 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
    sign(payload) {
      return `${Buffer.from(payload).toString('base64url')}.${mac(payload)}`;
    },
    verify(signed) {
      const [encoded, signature] = signed.split('.');
      if (!encoded || !signature) return null;
      const payload = Buffer.from(encoded, 'base64url').toString('utf8');
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? payload : null;
    },
  };
}
