/**
 * HEIC as iPhones write it is HEVC-coded, and sharp's prebuilt libvips carries libheif with AV1
 * only. libheif-js (libheif and libde265 compiled to WebAssembly, LGPL-3.0) decodes it instead:
 * it installs from npm with no install script and fetches nothing at run time.
 */
import type { RawPixels } from './rawTiff.js';

interface Enum {
  value: number;
}

/** The part of libheif-js's embind API this module uses; its own typings cover only the raw C exports. */
interface Libheif {
  calledRun?: boolean;
  onRuntimeInitialized?: () => void;
  heif_error_code: { heif_error_Ok: Enum };
  heif_colorspace: { heif_colorspace_RGB: Enum };
  heif_chroma: { heif_chroma_interleaved_RGB: Enum; heif_chroma_interleaved_RGBA: Enum };
  heif_channel: { heif_channel_interleaved: Enum };
  heif_context_alloc(): object;
  heif_context_free(context: object): void;
  heif_context_read_from_memory(context: object, bytes: Uint8Array): { code: Enum; message: string };
  heif_js_context_get_primary_image_handle(context: object): object | { code: Enum; message: string };
  heif_image_handle_release(handle: object): void;
  heif_image_handle_has_alpha_channel(handle: object): number;
  heif_js_decode_image2(
    handle: object,
    colorspace: Enum,
    chroma: Enum,
  ): { image: object; channels: { id: Enum; width: number; height: number; stride: number; data: Uint8Array }[] } | { code: Enum; message: string };
  heif_image_release(image: object): void;
}

let loading: Promise<Libheif> | null = null;

/** One WebAssembly instance per process, started by the first HEIC; the others never pay for it. */
function libheif(): Promise<Libheif> {
  loading ??= import('libheif-js/libheif-wasm/libheif.js').then(async (module) => {
    const factory = module.default as unknown as () => Libheif;
    const lib = factory();
    if (!lib.calledRun) await new Promise<void>((resolve) => (lib.onRuntimeInitialized = resolve));
    return lib;
  });
  return loading;
}

function failed(result: object): result is { code: Enum; message: string } {
  return 'code' in result && (result.code as Enum).value !== 0;
}

/**
 * The primary image's pixels with HEIF's own rotation and mirroring (irot, imir) applied, which is
 * how HEIF orients a photo; its Exif orientation tag only repeats that and must not be applied again.
 */
export async function decodeHeif(bytes: Uint8Array): Promise<RawPixels> {
  const lib = await libheif();
  const context = lib.heif_context_alloc();
  try {
    const read = lib.heif_context_read_from_memory(context, bytes);
    if (read.code.value !== lib.heif_error_code.heif_error_Ok.value) throw new Error(`HEIF: ${read.message}`);
    const handle = lib.heif_js_context_get_primary_image_handle(context);
    if (failed(handle)) throw new Error(`HEIF: ${handle.message}`);
    try {
      const channels = lib.heif_image_handle_has_alpha_channel(handle) ? 4 : 3;
      const chroma = channels === 4 ? lib.heif_chroma.heif_chroma_interleaved_RGBA : lib.heif_chroma.heif_chroma_interleaved_RGB;
      const image = lib.heif_js_decode_image2(handle, lib.heif_colorspace.heif_colorspace_RGB, chroma);
      if (failed(image)) throw new Error(`HEIF: ${image.message}`);
      try {
        const plane = image.channels.find((c) => c.id.value === lib.heif_channel.heif_channel_interleaved.value);
        if (!plane) throw new Error('HEIF: the decoder returned no interleaved plane');
        return { data: unpad(plane, channels), width: plane.width, height: plane.height, channels };
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

/** Copies the plane out of WebAssembly memory (released right after), dropping any row padding. */
function unpad(plane: { width: number; height: number; stride: number; data: Uint8Array }, channels: number): Uint8Array {
  const rowBytes = plane.width * channels;
  if (plane.stride === rowBytes) return plane.data.slice(0, rowBytes * plane.height);
  const out = new Uint8Array(rowBytes * plane.height);
  for (let y = 0; y < plane.height; y++) out.set(plane.data.subarray(y * plane.stride, y * plane.stride + rowBytes), y * rowBytes);
  return out;
}
