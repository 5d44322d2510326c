/** The multipart field names of marketplace-create-item and -update-item; no zod, so forms can use them anywhere. */

/** The repeated file field of marketplace-create-item and -update-item. */
export const ITEM_IMAGES_FIELD = 'images';

/**
 * Multipart field of marketplace-create-item / -update-item naming the studio output URL an
 * attached image was fetched from, so the backend can check it against the caller's image edits
 * and mark the listing AI-staged.
 */
export const ITEM_STAGED_FROM_FIELD = 'stagedFrom';
