import {
  API_PATHS,
  IDEMPOTENCY_HEADER,
  ITEM_STAGED_FROM_FIELD,
  type Item,
  type ItemDetail,
  type ItemFormValues,
  type ItemsPage,
  type ItemSort,
  type ItemState,
  type PriceSuggestion,
  type PriceSuggestionQuery,
} from '@flipstage/core';
import type { ApiFetch } from './http';
import { contract, contracts } from './contracts';

const priceSuggestion = contract<PriceSuggestion>((m) => m.priceSuggestionSchema);

/** The marketplace's search as the API takes it (issue 25); empty text means no filter. */
export interface ItemFilters {
  search: string;
  tag: string;
  style: string;
  type: string;
  condition: string;
  area: string;
  /** Price bounds as typed; the API and the Firestore reader check them with core's itemsQuerySchema. */
  min: string;
  max: string;
  sort: ItemSort;
}

export interface ItemQuery extends Partial<ItemFilters> {
  cursor: string | null;
}

const FILTER_PARAMS = ['search', 'tag', 'style', 'type', 'condition', 'area', 'min', 'max', 'sort'] as const;

/** The listing facts of the item form, sent under the schema's own field names. */
const FACT_FIELDS = [
  'condition',
  'width',
  'depth',
  'height',
  'unit',
  'pickupArea',
  'delivery',
  'vintage',
  'style',
  'furnitureType',
] as const satisfies ReadonlyArray<keyof ItemFormValues>;

/** A validated item form, ready to send (spec §7: multipart with repeated `images`). */
export interface ItemDraft extends Partial<Pick<ItemFormValues, (typeof FACT_FIELDS)[number]>> {
  title: string;
  description: string;
  price: number;
  tags: string[];
  state: ItemState;
  images: File[];
  /** Output URLs of studio results among `images`, so the listing can be labelled AI-staged. */
  stagedFrom: string[];
}

export interface MarketplaceDriver {
  listItems(query: ItemQuery, signal?: AbortSignal): Promise<ItemsPage>;
  /** One listing for its page; an unknown id rejects with an ApiError of status 404. */
  getItem(id: string, signal?: AbortSignal): Promise<ItemDetail>;
  /** `idempotencyKey` is one per opened form: sending the form again returns the listing it made. */
  createItem(draft: ItemDraft, idempotencyKey: string): Promise<Item>;
  updateItem(id: string, draft: ItemDraft): Promise<Item>;
  /** Owner only; the listing's photos go with it. */
  deleteItem(id: string): Promise<void>;
  /** A seller's listings, newest first: active ones for others, every one of them for the seller. */
  listSellerItems(seller: string, cursor: string | null, signal?: AbortSignal): Promise<ItemsPage>;
  /** Spec §7: the prefilled image URL is fetched as a blob and turned into a file. */
  fetchImageFile(url: string, signal?: AbortSignal): Promise<File>;
  /** What listings like this one sold for on FlipStage (issue 42), through the API in both modes. */
  suggestPrice(query: PriceSuggestionQuery, signal?: AbortSignal): Promise<PriceSuggestion>;
}

/** Only the filters in use, so a browse and the same search typed twice share one address. */
export function itemsPath(query: ItemQuery): string {
  const params = new URLSearchParams();
  for (const name of FILTER_PARAMS) {
    const value = query[name]?.trim();
    if (value && !(name === 'sort' && value === 'newest')) params.set(name, value);
  }
  if (query.cursor) params.set('cursor', query.cursor);
  return `${API_PATHS.marketplaceGetItems}?${params.toString()}`;
}

export function priceSuggestionPath(query: PriceSuggestionQuery): string {
  const params = new URLSearchParams({ furnitureType: query.furnitureType });
  if (query.style) params.set('style', query.style);
  if (query.condition) params.set('condition', query.condition);
  return `${API_PATHS.priceSuggestion}?${params.toString()}`;
}

export function itemPath(id: string): string {
  return `${API_PATHS.marketplaceGetItem}?id=${encodeURIComponent(id)}`;
}

export function sellerItemsPath(seller: string, cursor: string | null): string {
  const params = new URLSearchParams({ seller });
  if (cursor) params.set('cursor', cursor);
  return `${API_PATHS.marketplaceSellerItems}?${params.toString()}`;
}

export function itemFormData(draft: ItemDraft): FormData {
  const form = new FormData();
  form.append('title', draft.title);
  form.append('description', draft.description);
  form.append('price', String(draft.price));
  form.append('tags', draft.tags.join(','));
  form.append('state', draft.state);
  for (const name of FACT_FIELDS) {
    const value = draft[name];
    if (value !== undefined) form.append(name, String(value));
  }
  for (const url of draft.stagedFrom) form.append(ITEM_STAGED_FROM_FIELD, url);
  for (const file of draft.images) form.append('images', file, file.name);
  return form;
}

/** The last path segment of a URL, used as the file name of a fetched image. */
export function fileNameFromUrl(url: string, fallback = 'image.jpg'): string {
  try {
    const name = decodeURIComponent(new URL(url, 'http://localhost').pathname.split('/').pop() ?? '');
    return name || fallback;
  } catch {
    return fallback;
  }
}

export function createHttpMarketplaceDriver(fetchApi: ApiFetch): MarketplaceDriver {
  return {
    listItems: (query, signal) => fetchApi<ItemsPage>(itemsPath(query), { schema: contracts.itemsPage, signal }),
    suggestPrice: (query, signal) =>
      fetchApi<PriceSuggestion>(priceSuggestionPath(query), { schema: priceSuggestion, signal }),
    getItem: (id, signal) => fetchApi<ItemDetail>(itemPath(id), { schema: contracts.itemDetail, signal }),
    createItem: (draft, idempotencyKey) =>
      fetchApi<Item>(API_PATHS.marketplaceCreateItem, {
        schema: contracts.item,
        method: 'POST',
        form: itemFormData(draft),
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    updateItem: (id, draft) =>
      fetchApi<Item>(`${API_PATHS.marketplaceUpdateItem}?id=${encodeURIComponent(id)}`, {
        schema: contracts.item,
        method: 'PUT',
        form: itemFormData(draft),
      }),
    deleteItem: async (id) => {
      await fetchApi(`${API_PATHS.marketplaceDeleteItem}?id=${encodeURIComponent(id)}`, {
        schema: contracts.acknowledgement,
        method: 'DELETE',
      });
    },
    listSellerItems: (seller, cursor, signal) =>
      fetchApi<ItemsPage>(sellerItemsPath(seller, cursor), { schema: contracts.itemsPage, signal }),
    async fetchImageFile(url, signal) {
      const response = await fetch(url, { signal });
      if (!response.ok) throw new Error(`Could not fetch ${url}: HTTP ${response.status}`);
      const blob = await response.blob();
      return new File([blob], fileNameFromUrl(url), { type: blob.type || 'image/jpeg' });
    },
  };
}
