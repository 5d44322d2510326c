/**
 * Binary morphology on 0/1 masks with a square structuring element. Separable min/max passes keep
 * the cost linear in the radius, which matters because these run on every staging request.
 */

function pass(src: Uint8Array, width: number, height: number, radius: number, horizontal: boolean, keep: 0 | 1): Uint8Array {
  const out = new Uint8Array(src.length);
  const [outer, inner] = horizontal ? [height, width] : [width, height];
  const forcingAt = new Uint8Array(inner);
  for (let o = 0; o < outer; o++) {
    // Position of the last pixel that forces the result, swept from each side in turn.
    let lastForcing = -Infinity;
    for (let i = 0; i < inner; i++) {
      const idx = horizontal ? o * width + i : i * width + o;
      if (src[idx] === keep) lastForcing = i;
      forcingAt[i] = i - lastForcing <= radius ? 1 : 0;
    }
    lastForcing = Infinity;
    for (let i = inner - 1; i >= 0; i--) {
      const idx = horizontal ? o * width + i : i * width + o;
      if (src[idx] === keep) lastForcing = i;
      const forced = forcingAt[i] === 1 || lastForcing - i <= radius;
      out[idx] = forced ? keep : 1 - keep;
    }
  }
  return out;
}

export function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return mask.slice();
  return pass(pass(mask, width, height, radius, true, 1), width, height, radius, false, 1);
}

export function erode(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return mask.slice();
  return pass(pass(mask, width, height, radius, true, 0), width, height, radius, false, 0);
}

/** Removes specks and hairline bridges thinner than the radius. */
export function open(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return dilate(erode(mask, width, height, radius), width, height, radius);
}

/** Closes pinholes and cracks narrower than the radius. */
export function close(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return erode(dilate(mask, width, height, radius), width, height, radius);
}
