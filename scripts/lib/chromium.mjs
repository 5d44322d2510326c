// Debian's Chromium, the one browser the journeys and benchmarks run in (never a Playwright
// download), and the flags every launch of it takes.

/** The browser: Debian's package, or another build named by CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless, software rendering, nothing in the background. Chromium 156.0.8078.108 also builds
 * the address bar's popup as a web page of its own (the omnibox's "top chrome" WebUI), in a
 * renderer of its own, even headless where it is never shown: about a second of CPU beside every
 * page under test, on a machine of two cores. The four features turn it and its preloading off.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI',
];
