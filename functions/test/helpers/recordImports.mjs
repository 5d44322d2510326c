/**
 * Module hooks for a child process (registered by importedModules.ts): every module it resolves,
 * by ESM import, is appended to the file given at registration.
 */
import { appendFileSync } from 'node:fs';

let file = '';

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
