/**
 * The App Check port: a Firebase App Check token in, whether it vouches that the request comes
 * from the FlipStage app on a genuine device or browser (reCAPTCHA Enterprise on the web).
 */

export interface AppCheckVerifier {
  /**
   * Resolves when the token is valid; throws InvalidAppCheckToken when it is not. With `consume`
   * the token is a limited-use one and is used up here: the same token again is refused, so one
   * token cannot be replayed for its hour.
   */
  verifyToken(token: string, options?: { consume?: boolean }): Promise<void>;
}

export class InvalidAppCheckToken extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Invalid App Check token', options);
    this.name = 'InvalidAppCheckToken';
  }
}
