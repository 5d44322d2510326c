/**
 * The bad-input catalogue (issue 12), listings: what is sent to create, update or browse them.
 * Each is answered with a 4xx and its exact message, and nothing is stored or charged after it
 * (badInputSetup.ts).
 */
import request from 'supertest';
import { describe, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import {
  t,
  ownItemId,
  othersItemId,
  images,
  ITEM,
  NUL,
  cursorOf,
  A_UUID,
  createItem,
  updateItem,
  authed,
  getItems,
  refusedLeavingAllAsItWas,
  type ApiCase,
  useBadInputApp,
} from './badInputSetup.js';

useBadInputApp();

const CASES: ApiCase[] = [
  // listings: create
  {
    name: 'title with NUL',
    send: () => createItem({ title: `Chest${NUL}` }),
    status: 400,
    message: MESSAGES.controlCharacters('Title'),
  },
  {
    name: 'title with a line break',
    send: () => createItem({ title: 'Chest\nDROP TABLE' }),
    status: 400,
    message: MESSAGES.controlCharacters('Title'),
  },
  {
    name: 'title of 121 characters',
    send: () => createItem({ title: 't'.repeat(121) }),
    status: 400,
    message: MESSAGES.tooLong('Title', 120),
  },
  {
    name: 'description with NUL',
    send: () => createItem({ description: `Fine${NUL}` }),
    status: 400,
    message: MESSAGES.controlCharacters('Description'),
  },
  {
    name: 'description with DEL',
    send: () => createItem({ description: 'Fine\u007f' }),
    status: 400,
    message: MESSAGES.controlCharacters('Description'),
  },
  {
    name: 'description of 5001 characters',
    send: () => createItem({ description: 'd'.repeat(5001) }),
    status: 400,
    message: MESSAGES.tooLong('Description', 5000),
  },
  {
    name: 'tag with NUL',
    send: () => createItem({ tags: `pine,oak${NUL}` }),
    status: 400,
    message: MESSAGES.controlCharacters('Tags'),
  },
  { name: 'price 0x1F', send: () => createItem({ price: '0x1F' }), status: 400, message: MESSAGES.priceNotNumber },
  { name: 'price 1e3', send: () => createItem({ price: '1e3' }), status: 400, message: MESSAGES.priceNotNumber },
  {
    name: 'price Infinity',
    send: () => createItem({ price: 'Infinity' }),
    status: 400,
    message: MESSAGES.priceNotNumber,
  },
  { name: 'price 1e307', send: () => createItem({ price: '1e307' }), status: 400, message: MESSAGES.priceNotNumber },
  {
    name: 'price with NUL',
    send: () => createItem({ price: `12${NUL}` }),
    status: 400,
    message: MESSAGES.priceNotNumber,
  },
  {
    name: 'price 1000000.01',
    send: () => createItem({ price: '1000000.01' }),
    status: 400,
    message: MESSAGES.priceMaximum,
  },
  {
    name: 'price of 400 digits',
    send: () => createItem({ price: '9'.repeat(400) }),
    status: 400,
    message: MESSAGES.priceMaximum,
  },
  { name: 'price 12.345', send: () => createItem({ price: '12.345' }), status: 400, message: MESSAGES.priceDecimals },
  { name: 'price -0.01', send: () => createItem({ price: '-0.01' }), status: 400, message: MESSAGES.priceMinimum },
  {
    name: 'state with NUL',
    send: () => createItem({ state: `sold${NUL}` }),
    status: 400,
    message: MESSAGES.itemStateInvalid,
  },
  {
    name: 'a truncated JPEG after a good one',
    send: () => createItem({}, [images.jpeg, images.truncated]),
    status: 400,
    message: MESSAGES.imageDamaged,
  },
  {
    name: 'text among the images',
    send: () => createItem({}, [images.jpeg, images.text]),
    status: 400,
    message: MESSAGES.itemImagesOnly,
  },
  {
    name: 'SVG among the images',
    send: () => createItem({}, [images.svg]),
    status: 400,
    message: MESSAGES.itemImagesOnly,
  },
  {
    name: 'a 48-megapixel listing image',
    send: () => createItem({}, [images.jpeg, images.huge]),
    status: 413,
    message: MESSAGES.imageTooLarge,
  },
  {
    name: 'nine listing images',
    send: () =>
      createItem(
        {},
        Array.from({ length: 9 }, () => images.jpeg),
      ),
    status: 413,
    message: MESSAGES.tooManyFiles,
  },
  {
    name: 'listing as JSON',
    send: () => authed(request(t.app).post('/api/marketplace-create-item')).send(ITEM),
    status: 400,
    message: MESSAGES.multipartRequired,
  },

  // listings: update
  {
    name: 'update id with NUL',
    send: () => updateItem({}, [], `?id=${ownItemId}%00`),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'update id as a path',
    send: () => updateItem({}, [], '?id=../items/x'),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'update id of 200 characters',
    send: () => updateItem({}, [], `?id=${'i'.repeat(200)}`),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'update id sent twice',
    send: () => updateItem({}, [], `?id=${ownItemId}&id=${othersItemId}`),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'update of a missing listing',
    send: () => updateItem({}, [], `?id=${A_UUID}`),
    status: 404,
    message: MESSAGES.itemNotFound,
  },
  {
    name: 'update of someone else’s listing',
    send: () => updateItem({ title: 'Mine now' }, [images.jpeg], `?id=${othersItemId}`),
    status: 403,
    message: MESSAGES.notOwner,
  },
  {
    name: 'one listing by an id with NUL',
    send: () => request(t.app).get(`/api/marketplace-get-item?id=${ownItemId}%00`),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'one listing by an id as a path',
    send: () => request(t.app).get('/api/marketplace-get-item?id=../items/x'),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'one listing by an id sent twice',
    send: () => request(t.app).get(`/api/marketplace-get-item?id=${ownItemId}&id=${othersItemId}`),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'one listing that does not exist',
    send: () => request(t.app).get(`/api/marketplace-get-item?id=${A_UUID}`),
    status: 404,
    message: MESSAGES.itemNotFound,
  },
  {
    name: 'update with a truncated JPEG after a good one',
    send: () => updateItem({}, [images.jpeg, images.truncated]),
    status: 400,
    message: MESSAGES.imageDamaged,
  },
  {
    name: 'update with text among the images',
    send: () => updateItem({}, [images.jpeg, images.text]),
    status: 400,
    message: MESSAGES.itemImagesOnly,
  },
  {
    name: 'update with price 1e307',
    send: () => updateItem({ price: '1e307' }, [images.jpeg]),
    status: 400,
    message: MESSAGES.priceNotNumber,
  },
  {
    name: 'update with title NUL',
    send: () => updateItem({ title: `x${NUL}` }, [images.jpeg]),
    status: 400,
    message: MESSAGES.controlCharacters('Title'),
  },

  // listings: browse
  {
    name: 'search with NUL',
    send: () => getItems('?search=oak%00'),
    status: 400,
    message: MESSAGES.controlCharacters('Search'),
  },
  {
    name: 'search of 201 characters',
    send: () => getItems(`?search=${'s'.repeat(201)}`),
    status: 400,
    message: MESSAGES.tooLong('Search', 200),
  },
  {
    name: 'search sent twice',
    send: () => getItems('?search=a&search=b'),
    status: 400,
    message: MESSAGES.queryNotText('search'),
  },
  {
    name: 'tag with NUL',
    send: () => getItems('?tag=pine%00'),
    status: 400,
    message: MESSAGES.controlCharacters('Tag'),
  },
  {
    name: 'tag of 41 characters',
    send: () => getItems(`?tag=${'t'.repeat(41)}`),
    status: 400,
    message: MESSAGES.tooLong('Tag', 40),
  },
  { name: 'tag sent twice', send: () => getItems('?tag=a&tag=b'), status: 400, message: MESSAGES.queryNotText('tag') },
  { name: 'cursor of garbage', send: () => getItems('?cursor=%%%'), status: 400, message: MESSAGES.invalidCursor },
  {
    name: 'cursor dated "1"',
    send: () => getItems(`?cursor=${cursorOf(['1', A_UUID])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'cursor in the year 275760',
    send: () => getItems(`?cursor=${cursorOf(['+275760-09-13T00:00:00.000Z', A_UUID])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'cursor on 30 February',
    send: () => getItems(`?cursor=${cursorOf(['2026-02-30T00:00:00.000Z', A_UUID])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'cursor with a NUL id',
    send: () => getItems(`?cursor=${cursorOf(['2026-01-01T00:00:00.000Z', `x${NUL}`])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'cursor with a numeric id',
    send: () => getItems(`?cursor=${cursorOf(['2026-01-01T00:00:00.000Z', 7])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'cursor of an object',
    send: () => getItems(`?cursor=${cursorOf({ createdAt: 'x', id: 'y' })}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
];

describe('bad input to the API', () => {
  it.each(CASES)('$name → $status', refusedLeavingAllAsItWas);
});
