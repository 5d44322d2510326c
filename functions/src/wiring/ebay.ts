/** eBay's part of either host's ports (issue 41): the fetch adapter on the settings, and the backend-only records. */
import { createRestEbay } from '../adapters/ebay/restEbay.js';
import type { EbaySettings } from '../adapters/ebay/ebaySettings.js';
import type { EbayStore } from '../ports/ebay.js';
import type { EbaySetup } from '../services/ebayAccess.js';
import { tokenKeys } from '../services/ebayTokens.js';

export function ebaySetup(settings: EbaySettings, records: EbayStore): EbaySetup {
  return {
    api: createRestEbay(settings.rest),
    records,
    keys: tokenKeys(settings.tokenKey),
    deletion: settings.deletion,
  };
}
