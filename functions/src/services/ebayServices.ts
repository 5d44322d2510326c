/** The eBay services' dependencies, made once per app: one access-token cache shared by publishing and sales. */
import type { PriceIdConfig } from '@flipstage/core';
import type { Blobs } from '../ports/blobs.js';
import type { MailNotices, Store } from '../ports/store.js';
import type { Logger } from '../logs.js';
import { ebayAccess, type EbaySetup } from './ebayAccess.js';
import type { PublishDeps } from './ebayPublish.js';
import type { SalesDeps } from './ebaySales.js';

export type EbayServices = PublishDeps & SalesDeps;

export function ebayServices(input: {
  setup: EbaySetup;
  store: Store;
  blobs: Blobs;
  mail: MailNotices;
  priceIds: PriceIdConfig;
  siteOrigins: readonly string[];
  logger: Logger;
}): EbayServices {
  return {
    ebay: input.setup,
    store: input.store,
    blobs: input.blobs,
    mail: input.mail,
    priceIds: input.priceIds,
    siteOrigins: input.siteOrigins,
    logger: input.logger,
    access: ebayAccess({ ebay: input.setup }),
  };
}
