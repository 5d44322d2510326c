import type { $ZodConfig } from 'zod/v4/core';

declare global {
  /** Where zod keeps its settings, shared by every copy of it (zod/v4/core/core.js). */
  var __zod_globalConfig: $ZodConfig | undefined;
}

/**
 * zod compiles its object parsers with new Function, first trying whether it may. The site's
 * Content-Security-Policy refuses eval (core/src/securityHeaders.ts), so zod falls back to parsing
 * without, but Chromium reports each try as a violation. Set through the global zod reads when it
 * loads rather than through zod's config(), whose import would bring zod onto the home route.
 * Imported by main.tsx first: zod and the schemas load later, with the first page that needs them.
 */
Object.assign((globalThis.__zod_globalConfig ??= {}), { jitless: true });
