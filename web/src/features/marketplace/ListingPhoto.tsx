import { Image } from '@mantine/core';
import type { PhotoVariants } from '@flipstage/core';
import classes from './ListingPhoto.module.css';

/** What the card grid gives a photo: the page's width less its padding, a third of it from md (62em) up. */
export const CARD_PHOTO_SIZES = '(min-width: 62em) calc((min(100vw, 1140px) - 72px) / 3), calc(100vw - 32px)';
/** The listing page's gallery: the page's width less its padding, half of it from md (62em) up. */
export const GALLERY_PHOTO_SIZES = '(min-width: 62em) calc((min(100vw, 1140px) - 64px) / 2), calc(100vw - 32px)';

/**
 * The srcset candidates: each variant at its width, then the stored photo itself as the widest,
 * so a 2× screen may still get every pixel. Empty for a listing stored before variants.
 */
export function photoSrcSet(src: string, variants: PhotoVariants | undefined): string | undefined {
  if (!variants) return undefined;
  return [...variants.sources.map((s) => `${s.url} ${s.width}w`), `${src} ${variants.width}w`].join(', ');
}

export interface ListingPhotoProps {
  src: string;
  /** The photo's entry in the item's variants; undefined for a listing stored before variants. */
  variants: PhotoVariants | undefined;
  alt: string;
  sizes: string;
  /**
   * `card`: a fixed 4:3 box the photo covers, so a grid's cards line up. `gallery`: the photo's own
   * shape, whole; a listing without variants, whose shape is unknown until it loads, gets the
   * 4:3 box with the photo contained in it.
   */
  shape: 'card' | 'gallery';
  /** Only the first photo a page shows above the fold: fetched first, never lazily. */
  priority?: boolean;
}

/**
 * A listing photo that reserves its space before it loads (its size from the variants, or a fixed
 * box) on a neutral background, so nothing below it moves when it arrives, and lets the browser
 * pick the narrowest copy that fills its slot.
 */
export function ListingPhoto({ src, variants, alt, sizes, shape, priority = false }: ListingPhotoProps) {
  const srcSet = photoSrcSet(src, variants);
  const boxed = shape === 'card' || !variants;
  return (
    <Image
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={variants?.width}
      height={variants?.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      fit={shape === 'card' ? 'cover' : 'contain'}
      radius={shape === 'card' ? 0 : 'md'}
      className={boxed ? `${classes.photo} ${classes.boxed}` : `${classes.photo} ${classes.ownShape}`}
    />
  );
}
