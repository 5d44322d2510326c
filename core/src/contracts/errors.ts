import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/** DESIGN §4: every API error is `{ error: { message } }`. */
export const apiErrorBodySchema = z.object({ error: z.object({ message: z.string() }) });
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export function apiError(message: string): ApiErrorBody {
  return { error: { message } };
}

/** What else a proxy or an older server may answer with: a top-level message, or error as text. */
const looseErrorBodySchema = z.object({
  message: z.string().optional().catch(undefined),
  error: z.union([z.string(), z.object({ message: z.string().optional().catch(undefined) })]).optional().catch(undefined),
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
