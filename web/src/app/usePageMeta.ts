import { useEffect } from 'react';
import { siteUrl } from '../backend/config';

export const SITE_NAME = 'FlipStage';

export interface PageMeta {
  title: string;
  description: string;
  /** The canonical path of the page, e.g. '/pricing'. */
  path: string;
  image?: string;
}

const DEFAULT_SHARE_IMAGE = '/favicon.svg';

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Absolute URL on the canonical site (VITE_SITE_URL), falling back to the current origin. */
export function absoluteUrl(path: string): string {
  return `${siteUrl || window.location.origin}${path}`;
}

/** Sets the page title, description, canonical link and Open Graph / Twitter tags (spec §2). */
export function usePageMeta({ title, description, path, image }: PageMeta): void {
  useEffect(() => {
    const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
    const url = absoluteUrl(path);
    const shareImage = absoluteUrl(image ?? DEFAULT_SHARE_IMAGE);
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setCanonical(url);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', SITE_NAME);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:image', shareImage);
    setMeta('name', 'twitter:card', 'summary_large_image');
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('name', 'twitter:description', description);
    setMeta('name', 'twitter:image', shareImage);
  }, [title, description, path, image]);
}
