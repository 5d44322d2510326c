import type { Box } from './layout.js';
import type { SubjectMask } from './segment.js';

/** The subject's bounding box at analysis resolution, one pixel of margin for the feathered edge. */
export function subjectBounds({ mask, width, height }: SubjectMask): Box {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x] !== 1) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return { x: 0, y: 0, w: width, h: height };
  x0 = Math.max(0, x0 - 1);
  y0 = Math.max(0, y0 - 1);
  x1 = Math.min(width - 1, x1 + 1);
  y1 = Math.min(height - 1, y1 + 1);
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

export function cropMask(subject: SubjectMask, box: Box): SubjectMask {
  const mask = new Uint8Array(box.w * box.h);
  for (let y = 0; y < box.h; y++)
    mask.set(
      subject.mask.subarray((box.y + y) * subject.width + box.x, (box.y + y) * subject.width + box.x + box.w),
      y * box.w,
    );
  return { mask, width: box.w, height: box.h };
}
