/**
 * Reusable work buffers for the per-request pixel loops. Segmentation allocates a dozen
 * image-sized arrays; allocating them fresh each request kept the garbage collector busier than
 * the loops themselves. The loops are synchronous, so one set per slot is never shared by two
 * requests at once. A buffer is only valid until its slot is asked for again.
 */
const floats = new Map<string, Float32Array>();
const ints = new Map<string, Int32Array>();
const bytes = new Map<string, Uint8Array>();

export function scratchFloat32(slot: string, length: number): Float32Array {
  let buffer = floats.get(slot);
  if (!buffer || buffer.length !== length) floats.set(slot, (buffer = new Float32Array(length)));
  return buffer;
}

export function scratchInt32(slot: string, length: number): Int32Array {
  let buffer = ints.get(slot);
  if (!buffer || buffer.length !== length) ints.set(slot, (buffer = new Int32Array(length)));
  return buffer;
}

/** Zero-filled on every request, since callers treat it as a fresh mask. */
export function scratchBytes(slot: string, length: number): Uint8Array {
  let buffer = bytes.get(slot);
  if (!buffer || buffer.length !== length) bytes.set(slot, (buffer = new Uint8Array(length)));
  else buffer.fill(0);
  return buffer;
}
