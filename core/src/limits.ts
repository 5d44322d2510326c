/**
 * Every size limit the API enforces, in one place: the server refuses past them and the web app
 * and the CLI check the same numbers before sending.
 */

/** A photo to stage: uploads above this are refused before any decoder sees them; phone photos are a few MB. */
export const MAX_INPUT_BYTES = 25 * 1024 * 1024;

/** The 40-megapixel promise in MESSAGES.imageTooLarge; also the decoders' decompression-bomb guard. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The long side the web app and the CLI shrink a bigger photo to before upload: twice the
 * engine's HD output, so nothing it uses is lost. A square at this side is 16.8 MP, within
 * MAX_INPUT_PIXELS.
 */
export const PREPARED_LONG_SIDE = 4096;

export const MAX_PROMPT_LENGTH = 2000;

/** A profile's name, in code points after trimming (core/src/profileRules.ts, firestore.rules). */
export const MAX_NAME_LENGTH = 100;
/** A profile's avatar address (firestore.rules too). */
export const MAX_AVATAR_URL_LENGTH = 2048;

export const MAX_STAGE_VARIANT = 99;

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

export const MAX_ITEM_IMAGES = 8;
export const MAX_ITEM_IMAGE_BYTES = 10 * 1024 * 1024;
/** All of a listing's images in one request: Cloud Functions refuse a request body over 32 MB before the app sees it. */
export const MAX_ITEM_UPLOAD_BYTES = 30 * 1024 * 1024;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_PRICE = 1_000_000;

export const MAX_SEARCH_LENGTH = 200;
export const MAX_CURSOR_LENGTH = 512;
