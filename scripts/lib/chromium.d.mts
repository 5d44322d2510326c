/** The browser: Debian's package, or another build named by CHROMIUM_PATH. */
export declare const CHROMIUM_PATH: string;
/** The flags every launch takes (see chromium.mjs). */
export declare const CHROMIUM_ARGS: readonly string[];
