/** An items row as PGlite returns it, and the ItemDoc it stands for: shared by the item store and its search. */
import type { ItemDoc } from '../../ports/store.js';

export interface ItemRow {
  id: string;
  title: string;
  description: string;
  price: number;
  tags: string[];
  images: string[];
  thumbs: string[];
  owner: string;
  state: 'active' | 'sold';
  ai_staged: boolean;
  keywords: string[];
  created_at: Date;
  updated_at: Date;
  condition: ItemDoc['condition'];
  dimensions: ItemDoc['dimensions'];
  pickup_area: string | null;
  delivery: boolean;
  vintage: boolean;
  style: ItemDoc['style'];
  furniture_type: ItemDoc['furnitureType'];
  reserved: boolean;
  variants: ItemDoc['variants'];
  hidden: boolean;
  seller_name: string | null;
  seller_since: Date | null;
}

export function toItem(row: ItemRow): ItemDoc {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    tags: row.tags,
    images: row.images,
    thumbs: row.thumbs,
    owner: row.owner,
    state: row.state,
    aiStaged: row.ai_staged,
    keywords: row.keywords,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    condition: row.condition,
    dimensions: row.dimensions,
    pickupArea: row.pickup_area,
    delivery: row.delivery,
    vintage: row.vintage,
    style: row.style,
    furnitureType: row.furniture_type,
    reserved: row.reserved,
    variants: row.variants,
    hidden: row.hidden,
    sellerName: row.seller_name,
    sellerSince: row.seller_since?.toISOString() ?? null,
  };
}
