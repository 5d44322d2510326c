import { pageTitle, SITE_NAME } from '@flipstage/core';
import { siteUrl } from '../backend/config';

/** The home page's picture (web/public, made by scripts/make-og-image.mjs): 1200×630, as previews show it. */
const DEFAULT_SHARE_IMAGE = '/og-image.jpg';

export interface PageMetaProps {
  title: string;
  description: string;
  /** The canonical path of the page, e.g. '/pricing'. */
  path: string;
  /** The share picture: a path on the site or an absolute URL. */
  image?: string;
  /** Open Graph type; a listing is a 'product'. */
  type?: 'website' | 'product';
  /** For pages search engines should not keep, such as a listing that does not exist. */
  noIndex?: boolean;
}

/** Absolute URL on the canonical site (VITE_SITE_URL), falling back to the current origin; absolute URLs stay as they are. */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, siteUrl || window.location.origin).href;
}

/**
 * Spec §2: the page's title, description, canonical link and Open Graph / Twitter tags. React 19
 * hoists these into <head> and takes them away with the page, so no page leaves its tags behind.
 */
export function PageMeta({ title, description, path, image, type = 'website', noIndex = false }: PageMetaProps) {
  const fullTitle = pageTitle(title);
  const url = absoluteUrl(path);
  const shareImage = absoluteUrl(image ?? DEFAULT_SHARE_IMAGE);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noIndex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={shareImage} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={shareImage} />
    </>
  );
}
