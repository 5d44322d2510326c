import { describe, expect, it } from 'vitest';
import { FURNITURE_TYPE_IDS } from '@flipstage/core';
import { layoutRoom, pixelsPerMetre, roomGeometry } from './layout.js';

const W = 1024;
const H = 768;

describe('placing a piece in the room', () => {
  it('makes a bed wider than a chair photographed at the same aspect', () => {
    const bed = layoutRoom('bed', W, H, 1.4).subject;
    const chair = layoutRoom('chair', W, H, 1.4).subject;
    expect(bed.w).toBeGreaterThan(chair.w * 1.5);
  });

  it('makes a bookcase taller than a dresser', () => {
    expect(layoutRoom('bookcase', W, H, 0.5).subject.h).toBeGreaterThan(
      layoutRoom('dresser', W, H, 1.5).subject.h * 1.6,
    );
  });

  it('gives a dresser its real height: about 0.85 m at the scale of the floor where it stands', () => {
    const layout = layoutRoom('dresser', W, H, 1.2);
    const bottom = layout.subject.y + layout.subject.h;
    expect(layout.subject.h / pixelsPerMetre(roomGeometry(W, H), bottom)).toBeCloseTo(0.85, 1);
  });

  it('narrows a very wide photo to the widest such a piece gets instead of stretching it across the room', () => {
    const layout = layoutRoom('chair', W, H, 4);
    const bottom = layout.subject.y + layout.subject.h;
    expect(layout.subject.w / pixelsPerMetre(roomGeometry(W, H), bottom)).toBeLessThanOrEqual(0.86);
  });

  it('moves a corner view forward until its rear foot stands on the floor, not in the wall', () => {
    const contact = { back: 0.7 };
    const layout = layoutRoom('dresser', W, H, 1.3, contact);
    const rearFoot = layout.subject.y + layout.subject.h * contact.back;
    expect(rearFoot).toBeGreaterThan(layout.floorY);
  });

  it.each(FURNITURE_TYPE_IDS)('keeps a %s inside the canvas, standing below the floor line', (type) => {
    for (const aspect of [0.3, 1, 3]) {
      const { subject, floorY } = layoutRoom(type, W, H, aspect);
      expect(subject.x).toBeGreaterThanOrEqual(0);
      expect(subject.y).toBeGreaterThanOrEqual(0);
      expect(subject.x + subject.w).toBeLessThanOrEqual(W);
      expect(subject.y + subject.h).toBeLessThanOrEqual(H);
      expect(subject.y + subject.h).toBeGreaterThan(floorY);
    }
  });
});
