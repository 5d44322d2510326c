/**
 * The SPA's index.html with a page's own head tags in place of its static ones. One function for
 * every server that answers a page with tags of its own: the light function, the local host and
 * the Vite dev and preview servers. No imports, so web/vite.config.ts can load it from source.
 */

/**
 * Where the local host answers a listing's head tags as JSON ({ found, head }), for the Vite dev and
 * preview servers, which put them into the index.html they serve (web/vite.config.ts).
 */
export const LISTING_HEAD_PATH = '/listing-head';

/** index.html's site-wide title, description and share tags carry this attribute; main.tsx removes them at boot. */
export const STATIC_META_ATTRIBUTE = 'data-static-meta';

const STATIC_TITLE = /[ \t]*<title\b[^>]*\bdata-static-meta\b[^>]*>[\s\S]*?<\/title>[ \t]*\r?\n?/g;
const STATIC_META = /[ \t]*<meta\b[^>]*\bdata-static-meta\b[^>]*>[ \t]*\r?\n?/g;

/**
 * `shell` without its static meta tags and with `headTags` (already escaped HTML) at the end of
 * its head. The tags should carry data-static-meta themselves: the booted app renders its own.
 */
export function injectPageHead(shell: string, headTags: string): string {
  const bare = shell.replace(STATIC_TITLE, '').replace(STATIC_META, '');
  const end = bare.search(/<\/head>/i);
  if (end < 0) throw new Error('The page shell has no </head>');
  return `${bare.slice(0, end)}${headTags}\n  ${bare.slice(end)}`;
}
