/**
 * The local host's security headers, those Hosting sends in Firebase mode (core/src/securityHeaders.ts)
 * less HSTS, since the host speaks http. Its pages load what the web build it serves states
 * (PAGE_SOURCES_FILE), plus the host's own API origin: the app's images and downloads live there
 * (/blobs) when the app is opened on its second port.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { PAGE_SOURCES_FILE, pageSourcesFromSettings, securityHeaders, type PageSources } from '@flipstage/core';
import { DEV_ROUTE } from '../adapters/local/simulatedPayments.js';

const pageSourcesSchema = z.strictObject({
  firebase: z.boolean(),
  authOrigin: z.string().nullable(),
  appCheck: z.boolean(),
  analytics: z.boolean(),
  chat: z.boolean(),
  origins: z.array(z.string()),
});

/** What the build at webDir loads; without a build, local mode's defaults (Vite's dev server serves the app then). */
export function builtPageSources(webDir: string | undefined): PageSources {
  if (!webDir) return pageSourcesFromSettings({});
  const file = join(webDir, PAGE_SOURCES_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(
      `The web build at ${webDir} does not say what it loads (${PAGE_SOURCES_FILE} is missing): build it again`,
    );
  }
  return pageSourcesSchema.parse(JSON.parse(text));
}

/** Sets the headers on an answer before any route writes it. */
export type SecurityHeaderSetter = (req: IncomingMessage, res: ServerResponse) => void;

export function localSecurityHeaders(options: { webDir: string | undefined; apiOrigin: string }): SecurityHeaderSetter {
  const built = builtPageSources(options.webDir);
  const pages = securityHeaders({
    sources: { ...built, origins: [...built.origins, options.apiOrigin] },
    https: false,
  });
  // The simulated checkout's pages stand for Stripe's, which send the visitor back to the app's
  // origin after a form: the app's form-action would refuse that redirect.
  const standIns = securityHeaders({ sources: null, https: false });
  return (req, res) => {
    const headers = (req.url ?? '').startsWith(`${DEV_ROUTE}/`) ? standIns : pages;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  };
}
