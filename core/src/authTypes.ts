/** The auth screen types of spec §2 (/auth/{type}); kept free of zod so routing does not load it. */
export const AUTH_TYPES = ['signup', 'signin', 'forgotpass', 'changepass'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];
