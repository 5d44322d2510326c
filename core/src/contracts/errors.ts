import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/**
 * Why a photo was refused (422), for a client that acts on it: `unsure-subject` asks the seller to
 * mark the piece, `not-furniture` and `no-subject` ask for another photo.
 */
export const API_ERROR_CODES = ['no-subject', 'not-furniture', 'unsure-subject'] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** DESIGN §4: every API error is `{ error: { message } }`, with a `code` where the client can act on it. */
export const apiErrorBodySchema = z.object({
  error: z.object({ message: z.string(), code: z.enum(API_ERROR_CODES).optional() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export function apiError(message: string, code?: ApiErrorCode): ApiErrorBody {
  return { error: code ? { message, code } : { message } };
}

/** The code of an error body, when it has one of ours. */
export function errorCodeFromResponse(bodyText: string): ApiErrorCode | undefined {
  try {
    const body = apiErrorBodySchema.safeParse(JSON.parse(bodyText));
    return body.success ? body.data.error.code : undefined;
  } catch {
    return undefined;
  }
}

/** What else a proxy or an older server may answer with: a top-level message, or error as text. */
const looseErrorBodySchema = z.object({
  message: z.string().optional().catch(undefined),
  error: z
    .union([z.string(), z.object({ message: z.string().optional().catch(undefined) })])
    .optional()
    .catch(undefined),
});

/**
 * Spec §7: on a non-OK response, the client throws the body's message, error or raw text,
 * else 'HTTP error! status: {status}'.
 */
export function errorMessageFromResponse(status: number, bodyText: string): string {
  const text = bodyText.trim();
  if (text) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return text;
    }
    const body = looseErrorBodySchema.safeParse(json);
    if (body.success) {
      const { message, error } = body.data;
      if (message) return message;
      if (typeof error === 'string' && error) return error;
      if (typeof error === 'object' && error.message) return error.message;
    }
  }
  return MESSAGES.httpError(status);
}
