/** Values the Store contract suites share: unique ids and an image edit of a given user. */
import { randomUUID } from 'node:crypto';
import type { ImageEdit } from '@flipstage/core';

/** The profile a contract account is made with; only its email differs between accounts. */
export const profile = (email: string) => ({ name: 'Test Seller', email, avatar: null });

export const uniq = () => randomUUID().replace(/-/g, '').slice(0, 16);

export function makeEdit(uid: string, createdAt = new Date().toISOString()): ImageEdit {
  return {
    id: uniq(),
    user_id: uid,
    input_image_url: `https://blobs.example/in/${uniq()}.jpg`,
    output_image_url: `https://blobs.example/out/${uniq()}.jpg`,
    background_style: 'a sleek modern interior for a bedroom',
    style: 'modern',
    furniture_type: 'dresser',
    created_at: createdAt,
  };
}
