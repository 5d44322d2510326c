import type { Images } from '../ports/images.js';

/**
 * The Images port whose decoder (sharp, libheif) loads on the first call. A Cloud Functions
 * instance that never decodes a photo (account, checkout, webhooks, the sweeper) then never pays
 * the second it takes to load them, and loading the functions module stays cheap.
 */
export function createLazyImages(): Images {
  let loaded: Promise<Images> | undefined;
  const images = () => (loaded ??= import('./engine/uploadedImages.js').then((m) => m.createUploadedImages()));
  return {
    sniff: async (data) => (await images()).sniff(data),
    prepare: async (data) => (await images()).prepare(data),
    storable: async (prepared) => (await images()).storable(prepared),
    listingCopies: async (data, sniffed) => (await images()).listingCopies(data, sniffed),
    marketplacePhoto: async (data, longSide, staged) => (await images()).marketplacePhoto(data, longSide, staged),
  };
}
