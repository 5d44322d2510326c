import { DEFAULT_API_URL } from './api/apiClient.js';

/** The web app that local mode's API belongs to: `npm start` serves it on its own port. */
const LOCAL_SITE_URL = 'http://127.0.0.1:5173';

/**
 * Where the web app is, for links such as the plans page. FLIPSTAGE_SITE when set; local mode's
 * web app for the local API; otherwise the API's own origin, since Firebase Hosting serves both
 * the site and /api.
 */
export function siteUrl(api: string, env: NodeJS.ProcessEnv): string {
  const configured = env.FLIPSTAGE_SITE?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  const origin = new URL(api).origin;
  return origin === new URL(DEFAULT_API_URL).origin ? LOCAL_SITE_URL : origin;
}

export function pricingUrl(api: string, env: NodeJS.ProcessEnv): string {
  return `${siteUrl(api, env)}/pricing`;
}
