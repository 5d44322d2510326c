import { describe, expect, it } from 'vitest';
import { render as testingRender, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { NO_LISTING_FACTS, type Item, type PhotoVariants } from '@flipstage/core';
import { theme } from '../../app/theme';
import { render } from '../../test-utils/render';
import { ItemCard } from './ItemCard';
import { CARD_PHOTO_SIZES, GALLERY_PHOTO_SIZES, ListingPhoto } from './ListingPhoto';
import { ListingGallery } from './ListingGallery';

const BLOBS = 'http://127.0.0.1:5050/blobs/items/item-1';

const variantsOf = (name: string, width: number, height: number, widths: number[]): PhotoVariants => ({
  width,
  height,
  sources: widths.map((w) => ({ width: w, url: `${BLOBS}/${name}-${w}w.jpg` })),
});

const A = variantsOf('a', 1200, 900, [320, 640, 1024]);
const B = variantsOf('b', 900, 1200, [320, 640]);

describe('a listing photo with variants', () => {
  it('offers every variant by its width and the stored photo as the widest', () => {
    render(<ListingPhoto src={`${BLOBS}/a.jpg`} variants={A} alt="Dresser" sizes={CARD_PHOTO_SIZES} shape="card" />);
    const photo = screen.getByRole('img', { name: 'Dresser' });
    expect(photo).toHaveAttribute(
      'srcset',
      `${BLOBS}/a-320w.jpg 320w, ${BLOBS}/a-640w.jpg 640w, ${BLOBS}/a-1024w.jpg 1024w, ${BLOBS}/a.jpg 1200w`,
    );
    expect(photo).toHaveAttribute('sizes', CARD_PHOTO_SIZES);
    expect(photo).toHaveAttribute('src', `${BLOBS}/a.jpg`);
  });

  it('reserves the photo’s own size before it loads', () => {
    render(
      <ListingPhoto src={`${BLOBS}/b.jpg`} variants={B} alt="Chair" sizes={GALLERY_PHOTO_SIZES} shape="gallery" />,
    );
    const photo = screen.getByRole('img', { name: 'Chair' });
    expect(photo).toHaveAttribute('width', '900');
    expect(photo).toHaveAttribute('height', '1200');
  });

  it('loads lazily and decodes off the main thread unless it is the page’s first photo', () => {
    render(<ListingPhoto src={`${BLOBS}/a.jpg`} variants={A} alt="Dresser" sizes={CARD_PHOTO_SIZES} shape="card" />);
    const photo = screen.getByRole('img', { name: 'Dresser' });
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('decoding', 'async');
    expect(photo).not.toHaveAttribute('fetchpriority');
  });
});

describe('a listing photo stored before variants', () => {
  it('shows the stored photo alone, in a box of fixed shape', () => {
    render(
      <ListingPhoto
        src={`${BLOBS}/a.jpg`}
        variants={undefined}
        alt="Dresser"
        sizes={CARD_PHOTO_SIZES}
        shape="gallery"
      />,
    );
    const photo = screen.getByRole('img', { name: 'Dresser' });
    expect(photo).toHaveAttribute('src', `${BLOBS}/a.jpg`);
    for (const attribute of ['srcset', 'sizes', 'width', 'height']) expect(photo).not.toHaveAttribute(attribute);
    expect(photo.className).toMatch(/boxed/);
  });
});

describe('the listing page’s gallery', () => {
  const gallery = (variants: PhotoVariants[]) => (
    <ListingGallery
      title="Walnut dresser"
      images={[`${BLOBS}/a.jpg`, `${BLOBS}/b.jpg`]}
      thumbs={[`${BLOBS}/a-thumb.jpg`, `${BLOBS}/b-thumb.jpg`]}
      variants={variants}
    />
  );

  it('fetches the first photo first and at once, sized for its column', () => {
    render(gallery([A, B]));
    const photo = screen.getByRole('img', { name: 'Walnut dresser, photo 1 of 2' });
    expect(photo).toHaveAttribute('fetchpriority', 'high');
    expect(photo).toHaveAttribute('loading', 'eager');
    expect(photo).toHaveAttribute('sizes', GALLERY_PHOTO_SIZES);
    expect(photo).toHaveAttribute('width', '1200');
  });

  it('switches to the next photo with that photo’s variants and size', async () => {
    render(gallery([A, B]));
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2' }));
    const photo = screen.getByRole('img', { name: 'Walnut dresser, photo 2 of 2' });
    expect(photo.getAttribute('srcset')).toBe(
      `${BLOBS}/b-320w.jpg 320w, ${BLOBS}/b-640w.jpg 640w, ${BLOBS}/b.jpg 900w`,
    );
    expect(photo).toHaveAttribute('height', '1200');
    expect(photo).not.toHaveAttribute('fetchpriority');
  });

  it('keeps the 128×128 thumbnails in its strip', () => {
    render(gallery([A, B]));
    const strip = screen.getByRole('button', { name: 'Show photo 2' }).querySelector('img');
    expect(strip).toHaveAttribute('src', `${BLOBS}/b-thumb.jpg`);
  });
});

describe('a listing’s card', () => {
  const item: Item = {
    id: 'item-1',
    title: 'Walnut dresser',
    description: 'Six drawers.',
    price: 420,
    tags: [],
    images: [`${BLOBS}/a.jpg`, `${BLOBS}/b.jpg`],
    thumbs: [`${BLOBS}/a-thumb.jpg`, `${BLOBS}/b-thumb.jpg`],
    owner: 'owner-1',
    state: 'active',
    aiStaged: false,
    ...NO_LISTING_FACTS,
    reserved: false,
    variants: [A, B],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };

  async function renderCard() {
    // The card links to the listing's page, so it needs a router around it.
    const root = createRootRoute({ component: () => <ItemCard item={item} canEdit={false} onEdit={() => {}} /> });
    const router = createRouter({
      routeTree: root,
      history: createMemoryHistory({ initialEntries: ['/marketplace'] }),
    });
    await router.load();
    testingRender(
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
  }

  it('shows its first photo across the card from the variants, lazily', async () => {
    await renderCard();
    const photo = await screen.findByRole('img', { name: 'Walnut dresser, photo 1' });
    expect(photo.getAttribute('srcset')).toContain(`${BLOBS}/a-320w.jpg 320w`);
    expect(photo).toHaveAttribute('sizes', CARD_PHOTO_SIZES);
    expect(photo).toHaveAttribute('width', '1200');
    expect(photo).toHaveAttribute('height', '900');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });
});
