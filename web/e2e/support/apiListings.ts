/** Listings made through the local host's API, for journeys about what happens to a listing after. */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';
import { API_PATHS } from '@flipstage/core';
import { TEST_PASSWORD } from './accounts';
import { AUTH_EMULATOR_URL, LOCAL_HOST_URL } from './ports';

const TABLE_PHOTO = fileURLToPath(new URL('../../../samples/table-oak.jpg', import.meta.url));

/** The account's ID token, from the Auth emulator's REST sign-in. */
async function idToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email, password: TEST_PASSWORD, returnSecureToken: true } },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Lists an item through the API (the listing form has journeys of its own); returns its id. */
export async function listItem(request: APIRequestContext, email: string, title: string): Promise<string> {
  const response = await request.post(`${LOCAL_HOST_URL}${API_PATHS.marketplaceCreateItem}`, {
    headers: { Authorization: `Bearer ${await idToken(request, email)}` },
    multipart: {
      title,
      description: 'Seats six, sanded and oiled.',
      price: '400',
      tags: 'table',
      state: 'active',
      images: { name: 'table-oak.jpg', mimeType: 'image/jpeg', buffer: await readFile(TABLE_PHOTO) },
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}
