declare module 'libheif-js/libheif-wasm/libheif-bundle.mjs' {
  /** libheif-js's factory with the WebAssembly inlined; heicPixels.ts types the part it uses. */
  const createLibheif: () => unknown;
  export default createLibheif;
}
