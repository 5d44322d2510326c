/**
 * HEIC decoding with libheif-js (libheif and libde265 compiled to WebAssembly, LGPL-3.0). The
 * bundle with the WebAssembly inlined is used so nothing is fetched from anywhere but this chunk.
 */
import createLibheif from 'libheif-js/libheif-wasm/libheif-bundle.mjs';

interface Enum {
  value: number;
}
type Failure = { code: Enum; message: string };

/** The part of libheif-js's embind API used here. */
interface Libheif {
  calledRun?: boolean;
  onRuntimeInitialized?: () => void;
  heif_colorspace: { heif_colorspace_RGB: Enum };
  heif_chroma: { heif_chroma_interleaved_RGBA: Enum };
  heif_channel: { heif_channel_interleaved: Enum };
  heif_context_alloc(): object;
  heif_context_free(context: object): void;
  heif_context_read_from_memory(context: object, bytes: Uint8Array): Failure;
  heif_js_context_get_primary_image_handle(context: object): object | Failure;
  heif_image_handle_release(handle: object): void;
  heif_js_decode_image2(
    handle: object,
    colorspace: Enum,
    chroma: Enum,
  ): { image: object; channels: { id: Enum; width: number; height: number; stride: number; data: Uint8Array }[] } | Failure;
  heif_image_release(image: object): void;
}

let loading: Promise<Libheif> | null = null;

function libheif(): Promise<Libheif> {
  loading ??= (async () => {
    const lib = createLibheif() as Libheif;
    if (!lib.calledRun) await new Promise<void>((resolve) => (lib.onRuntimeInitialized = resolve));
    return lib;
  })();
  return loading;
}

function failed(result: object): result is Failure {
  return 'code' in result && (result.code as Enum).value !== 0;
}

/** The primary image as RGBA, upright (libheif applies the file's rotation and mirroring). */
export async function decodeHeicPixels(bytes: Uint8Array): Promise<{ data: Uint8ClampedArray<ArrayBuffer>; width: number; height: number }> {
  const lib = await libheif();
  const context = lib.heif_context_alloc();
  try {
    const read = lib.heif_context_read_from_memory(context, bytes);
    if (read.code.value !== 0) throw new Error(`HEIF: ${read.message}`);
    const handle = lib.heif_js_context_get_primary_image_handle(context);
    if (failed(handle)) throw new Error(`HEIF: ${handle.message}`);
    try {
      const image = lib.heif_js_decode_image2(handle, lib.heif_colorspace.heif_colorspace_RGB, lib.heif_chroma.heif_chroma_interleaved_RGBA);
      if (failed(image)) throw new Error(`HEIF: ${image.message}`);
      try {
        const plane = image.channels.find((c) => c.id.value === lib.heif_channel.heif_channel_interleaved.value);
        if (!plane) throw new Error('HEIF: the decoder returned no interleaved plane');
        const rowBytes = plane.width * 4;
        // Copied out of WebAssembly memory, which is released right after, dropping any row padding.
        const data = new Uint8ClampedArray(rowBytes * plane.height);
        for (let y = 0; y < plane.height; y++) data.set(plane.data.subarray(y * plane.stride, y * plane.stride + rowBytes), y * rowBytes);
        return { data, width: plane.width, height: plane.height };
      } finally {
        lib.heif_image_release(image.image);
      }
    } finally {
      lib.heif_image_handle_release(handle);
    }
  } finally {
    lib.heif_context_free(context);
  }
}
