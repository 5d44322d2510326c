/** The marketplace's query keys, in one place so a save can invalidate both lists without their modules importing each other. */
export const ITEMS_QUERY_KEY = ['marketplaceItems'] as const;
export const SELLER_ITEMS_QUERY_KEY = ['sellerItems'] as const;
