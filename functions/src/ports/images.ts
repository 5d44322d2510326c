/**
 * The Images port: uploaded pictures judged by their content, never by the declared type, decoded
 * at most once, and stripped before they are stored (no GPS, owner name, maker notes, XMP or IPTC
 * survive).
 * Implemented by the staging engine's decoder (stagers/engine/uploadedImages.ts).
 */

/** The formats a stored upload is kept in (Images.storable): what a staging's stored input may be named. */
export const STORED_PHOTO_EXTS = ['jpg', 'png', 'webp'] as const;

export interface SniffedImage {
  contentType: string;
  ext: string;
  width: number;
  height: number;
}

export interface WebImage {
  data: Uint8Array;
  contentType: string;
  ext: string;
}

/**
 * An upload made ready at the staging door: upright, 8-bit colour, no metadata but an RGB photo's
 * colour profile, at most PREPARED_LONG_SIDE on the long side. Storage keeps or encodes its copy
 * from it and either stager reads it; neither decodes it more than the size it needs.
 */
export interface PreparedImage {
  data: Uint8Array;
  /**
   * `jpeg`: the upload itself with its metadata segments cut, when it already was all of the
   * above (an upright RGB JPEG within the bound). Nothing was decoded at the door, so each reader
   * decodes only the size it needs, and storage keeps it as it is, with no encode and no loss.
   * Also an upright RGB JPEG over the bound, shrunk within it and encoded once at quality 90 as
   * it streams through (a camera's 24 MB file is never held decoded); storage keeps that.
   * `tiff`: anything else, decoded once into an uncompressed TIFF, which a reader copies, never
   * decodes.
   */
  format: 'jpeg' | 'tiff';
  width: number;
  height: number;
  /** It has an alpha channel (the upload had one); the stored copy may then need to stay see-through. */
  alpha: boolean;
  /** What was uploaded, for the stored copy's format. */
  sniffed: SniffedImage;
}

export interface Images {
  /**
   * The real format and size from the header alone, or null when the bytes are no supported
   * raster image (SVG is none: it can carry script). No pixel limit here, so a caller can refuse
   * a huge image as too large rather than as unreadable.
   */
  sniff(data: Uint8Array): Promise<SniffedImage | null>;
  /**
   * The staging door (see PreparedImage): an upload's one decode, or none for an upright JPEG
   * within the bound. It may start beside sniff on the same bytes, sharing its header read; bytes
   * sniff refuses, and an image cut short, fail here as unreadable.
   */
  prepare(data: Uint8Array): Promise<PreparedImage>;
  /** The copy of a prepared upload that may be stored and served: a prepared JPEG as it is, else encoded from its pixels. */
  storable(prepared: PreparedImage): Promise<WebImage>;
  /**
   * Everything a listing stores for one photo: a stored copy like storable's, a 128×128 cover thumbnail (spec
   * §9) and the narrower copies a page picks from by srcset (LISTING_VARIANT_WIDTHS below the
   * photo's own width), all upright and stripped like storable's.
   */
  listingCopies(data: Uint8Array, sniffed: SniffedImage): Promise<ListingCopies>;
  /**
   * A stored listing photo as an outside marketplace gets it (issue 41): upright, its long side at
   * most `longSide` (never enlarged), JPEG; a virtually staged one with "Virtually staged" burnt
   * into its lower-left corner.
   */
  marketplacePhoto(data: Uint8Array, longSide: number, staged: boolean): Promise<Uint8Array>;
}

/** The widths a listing photo is also stored at, for srcset: a phone card, a wide card, a gallery, a 2× gallery. */
export const LISTING_VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;

export interface ListingCopies {
  image: WebImage;
  thumb: Uint8Array;
  /** The upright size of image, so a page can reserve its space before it loads. */
  width: number;
  height: number;
  /** Narrowest first; only the widths below the photo's own. */
  variants: (WebImage & { width: number })[];
}

/** The pixels are over the decoders' limit (MAX_INPUT_PIXELS). */
export class ImageTooLarge extends Error {
  constructor(options?: ErrorOptions) {
    super('image too large to decode', options);
    this.name = 'ImageTooLarge';
  }
}

/** The header promised an image but the pixels cannot be read (truncated, damaged). */
export class ImageUnreadable extends Error {
  constructor(options?: ErrorOptions) {
    super('image pixels cannot be read', options);
    this.name = 'ImageUnreadable';
  }
}
