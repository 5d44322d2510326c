/*
 * Over 350 lines: the drawn SVG rooms, one builder per wall, floor, light and decor element. They
 * are the stand-in until the photographic plate library (issue 14) replaces them.
 */
import type { FurnitureTypeId } from '@flipstage/core';
import type { RoomLayout } from './layout.js';
import { mix, prng, shade } from './palette.js';
import type { RoomLook } from './styles.js';

/**
 * The room behind the piece, as SVG: wall with its treatment, floor in perspective, baseboard,
 * window light, decor composed around the piece by furniture type, and a light wash. Only
 * gradients and flat shapes (no filters, no text, and fill-opacity rather than opacity, which
 * would make librsvg paint each shape on its own offscreen layer) so it rasterizes quickly.
 */

interface Ctx {
  W: number;
  H: number;
  floorY: number;
  /** Vanishing point of the floor's perspective lines. */
  vx: number;
  vy: number;
  /** Length unit: 1/100 of the canvas height. */
  u: number;
  look: RoomLook;
  rand: () => number;
  defs: string[];
  ids: number;
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

function id(ctx: Ctx, prefix: string): string {
  return `${prefix}${ctx.ids++}`;
}

function linear(ctx: Ctx, stops: Array<[number, string, number?]>, x2 = 0, y2 = 1): string {
  const name = id(ctx, 'l');
  const body = stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('');
  ctx.defs.push(`<linearGradient id="${name}" x1="0" y1="0" x2="${x2}" y2="${y2}">${body}</linearGradient>`);
  return `url(#${name})`;
}

/**
 * A soft glow or shadow: stacked ellipses of low opacity. librsvg paints radial gradients very
 * slowly (tens of milliseconds per large one), stacked flat ellipses cost almost nothing.
 */
function soft(cx: number, cy: number, rx: number, ry: number, colour: string, peak: number, rings = 14): string {
  const each = 1 - (1 - peak) ** (1 / rings);
  let out = '';
  for (let i = 0; i < rings; i++) {
    // Rings bunch towards the rim, where a smooth falloff needs the finest steps.
    const k = 1 - (i / rings) ** 1.6;
    out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx * k)}" ry="${f(ry * k)}" fill="${colour}" fill-opacity="${each.toFixed(3)}"/>`;
  }
  return out;
}

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(Math.max(0, w))}" height="${f(Math.max(0, h))}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
}

function poly(points: Array<[number, number]>, fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
}

/** Where a floor line through (x, floorY) towards the vanishing point meets height y. */
function floorX(ctx: Ctx, x: number, y: number): number {
  return ctx.vx + ((x - ctx.vx) * (y - ctx.vy)) / (ctx.floorY - ctx.vy);
}

// ---------------------------------------------------------------- wall

function wall(ctx: Ctx): string {
  const { W, floorY, look, u, rand } = ctx;
  const out: string[] = [rect(0, 0, W, floorY, linear(ctx, [[0, shade(look.wall, 0.06)], [1, shade(look.wall, -0.08)]]))];
  switch (look.treatment) {
    case 'plain':
      break;
    case 'plaster':
      for (let i = 0; i < 7; i++) {
        const tone = rand() < 0.5 ? shade(look.wall, 0.12) : look.wallAccent;
        out.push(soft(rand() * W, rand() * floorY, u * (12 + rand() * 20), u * (8 + rand() * 14), tone, 0.3, 8));
      }
      break;
    case 'paneling': {
      const slat = u * 3.2;
      for (let x = 0; x < W; x += slat) {
        const tone = mix(look.wall, look.wallAccent, rand() * 0.6);
        out.push(rect(x, 0, slat * 0.86, floorY, tone, 'fill-opacity="0.75"'));
        out.push(rect(x + slat * 0.86, 0, slat * 0.14, floorY, shade(look.wallAccent, -0.35)));
      }
      break;
    }
    case 'shiplap': {
      const board = u * 5.5;
      for (let y = board; y < floorY; y += board) {
        out.push(rect(0, y - u * 0.25, W, u * 0.35, shade(look.wallAccent, -0.1), 'fill-opacity="0.7"'));
        out.push(rect(0, y + u * 0.1, W, u * 0.25, shade(look.wall, 0.3), 'fill-opacity="0.6"'));
      }
      break;
    }
    case 'brick': {
      const bh = u * 3.4;
      const bw = bh * 2.6;
      out.push(rect(0, 0, W, floorY, look.wallAccent));
      let row = 0;
      for (let y = 0; y < floorY; y += bh, row++) {
        for (let x = row % 2 ? -bw / 2 : 0; x < W; x += bw) {
          const tone = shade(look.wall, (rand() - 0.5) * 0.3);
          out.push(rect(x + u * 0.25, y + u * 0.25, bw - u * 0.5, bh - u * 0.5, tone));
        }
      }
      out.push(rect(0, 0, W, floorY, linear(ctx, [[0, '#000000', 0], [1, '#000000', 0.25]])));
      break;
    }
    case 'wainscot':
    case 'beadboard': {
      const top = floorY - (floorY * (look.treatment === 'wainscot' ? 0.42 : 0.46));
      out.push(rect(0, top, W, floorY - top, linear(ctx, [[0, shade(look.wallAccent, 0.04)], [1, shade(look.wallAccent, -0.06)]])));
      if (look.treatment === 'wainscot') {
        const panelW = u * 16;
        for (let x = u * 2; x + panelW < W; x += panelW + u * 3) {
          out.push(rect(x, top + u * 4, panelW, floorY - top - u * 8, 'none', `stroke="${shade(look.wallAccent, -0.2)}" stroke-width="${f(u * 0.5)}"`));
          out.push(rect(x + u * 0.5, top + u * 4.5, panelW, floorY - top - u * 8, 'none', `stroke="${shade(look.wallAccent, 0.4)}" stroke-width="${f(u * 0.3)}"`));
        }
      } else {
        for (let x = 0; x < W; x += u * 1.6) out.push(rect(x, top, u * 0.22, floorY - top, shade(look.wallAccent, -0.12)));
      }
      out.push(rect(0, top - u * 1.2, W, u * 1.6, look.trim));
      out.push(rect(0, top + u * 0.4, W, u * 0.4, shade(look.trim, -0.2)));
      break;
    }
  }
  return out.join('');
}

// ---------------------------------------------------------------- floor

function floor(ctx: Ctx): string {
  const { W, H, floorY, look, u, rand } = ctx;
  const base = look.floorColour;
  const out: string[] = [rect(0, floorY, W, H - floorY, linear(ctx, [[0, shade(base, -0.12)], [1, shade(base, 0.05)]]))];
  const lines = (spacing: number, colour: string, width: number, opacity: number) => {
    for (let x = -W * 3; x <= W * 4; x += spacing) {
      out.push(`<line x1="${f(x)}" y1="${f(floorY)}" x2="${f(floorX(ctx, x, H))}" y2="${f(H)}" stroke="${colour}" stroke-width="${f(width)}" stroke-opacity="${opacity}"/>`);
    }
  };
  const rows = (count: number, colour: string, width: number, opacity: number) => {
    for (let i = 1; i <= count; i++) {
      const y = floorY + (H - floorY) * (i / count) ** 1.7;
      out.push(`<line x1="0" y1="${f(y)}" x2="${f(W)}" y2="${f(y)}" stroke="${colour}" stroke-width="${f(width * (0.5 + (y - floorY) / (H - floorY)))}" stroke-opacity="${opacity}"/>`);
    }
  };
  switch (look.floor) {
    case 'wood': {
      const plank = u * 4.2;
      for (let x = -W * 3; x <= W * 4; x += plank) {
        const tone = shade(base, (rand() - 0.5) * 0.22);
        out.push(poly([[x, floorY], [x + plank, floorY], [floorX(ctx, x + plank, H), H], [floorX(ctx, x, H), H]], tone, 'fill-opacity="0.85"'));
        // Butt joints, staggered per plank.
        const joint = floorY + (H - floorY) * (0.15 + rand() * 0.7);
        out.push(`<line x1="${f(floorX(ctx, x, joint))}" y1="${f(joint)}" x2="${f(floorX(ctx, x + plank, joint))}" y2="${f(joint)}" stroke="${shade(base, -0.45)}" stroke-width="${f(u * 0.2)}" stroke-opacity="0.6"/>`);
      }
      lines(plank, shade(base, -0.5), u * 0.18, 0.55);
      break;
    }
    case 'tile':
      lines(u * 12, shade(base, 0.35), u * 0.35, 0.8);
      rows(7, shade(base, 0.35), u * 0.35, 0.8);
      break;
    case 'concrete':
      for (let i = 0; i < 6; i++) {
        const tone = rand() < 0.5 ? shade(base, -0.15) : shade(base, 0.12);
        out.push(soft(rand() * W, floorY + rand() * (H - floorY), u * (15 + rand() * 25), u * (4 + rand() * 6), tone, 0.3, 8));
      }
      lines(u * 40, shade(base, -0.3), u * 0.2, 0.5);
      rows(2, shade(base, -0.3), u * 0.2, 0.5);
      break;
    case 'marble':
      lines(u * 22, shade(base, -0.15), u * 0.2, 0.6);
      rows(4, shade(base, -0.15), u * 0.2, 0.6);
      for (let i = 0; i < 7; i++) {
        const y = floorY + rand() * (H - floorY);
        const x = rand() * W;
        out.push(`<path d="M${f(x)} ${f(y)} q ${f(u * 10)} ${f(u * 2)} ${f(u * 18)} ${f(-u)} t ${f(u * 20)} ${f(u * 3)}" stroke="#9a9a9a" stroke-width="${f(u * 0.25)}" fill="none" stroke-opacity="0.45"/>`);
      }
      break;
  }
  return out.join('');
}

function baseboard(ctx: Ctx): string {
  const { W, floorY, u, look } = ctx;
  return rect(0, floorY - u * 2.4, W, u * 2.4, linear(ctx, [[0, shade(look.trim, 0.05)], [1, shade(look.trim, -0.12)]])) + rect(0, floorY - u * 0.3, W, u * 0.5, shade(look.trim, -0.35), 'fill-opacity="0.7"');
}

// ---------------------------------------------------------------- light

function windowAt(ctx: Ctx, x: number, w: number): { onWall: string; onFloor: string } {
  const { floorY, u, look, H } = ctx;
  const top = floorY * 0.12;
  const h = floorY * 0.66;
  const frame = look.windowFrame;
  const sky = linear(ctx, [[0, '#bcd9ef'], [0.7, '#e7f2f8'], [1, '#f4f1e6']]);
  const out = [rect(x - u, top - u, w + 2 * u, h + 2 * u, frame), rect(x, top, w, h, sky)];
  // Far trees and a horizon, so the glass reads as outdoors rather than a blue panel.
  const clip = id(ctx, 'c');
  ctx.defs.push(`<clipPath id="${clip}"><rect x="${f(x)}" y="${f(top)}" width="${f(w)}" height="${f(h)}"/></clipPath>`);
  out.push(
    `<g clip-path="url(#${clip})"><ellipse cx="${f(x + w * 0.3)}" cy="${f(top + h * 0.95)}" rx="${f(w * 0.45)}" ry="${f(h * 0.2)}" fill="#9fb89a" fill-opacity="0.7"/><ellipse cx="${f(x + w * 0.85)}" cy="${f(top + h)}" rx="${f(w * 0.35)}" ry="${f(h * 0.16)}" fill="#8aa887" fill-opacity="0.6"/></g>`,
  );
  const bar = Math.max(1.5, u * 0.8);
  out.push(rect(x + w / 2 - bar / 2, top, bar, h, frame));
  out.push(rect(x, top + h * 0.42, w, bar, frame));
  if (look.treatment === 'brick' || look.windowFrame === '#161616' || look.windowFrame === '#1e1e1e') {
    for (const fx of [0.25, 0.75]) out.push(rect(x + w * fx - bar / 4, top, bar / 2, h, frame));
    for (const fy of [0.2, 0.65, 0.85]) out.push(rect(x, top + h * fy, w, bar / 2, frame));
  }
  out.push(rect(x - u * 1.5, top + h + u, w + u * 3, u * 1.2, shade(look.trim, -0.05)));
  // Daylight: a glow around the window on the wall and a patch thrown across the floor.
  out.push(soft(x + w / 2, top + h / 2, w * 1.1, h * 0.8, look.light, 0.3));
  const patchTop = floorY + (H - floorY) * 0.12;
  const skew = (x + w / 2 < ctx.W / 2 ? 1 : -1) * w * 0.5;
  const onFloor = poly([[x + skew * 0.2, patchTop], [x + w + skew * 0.2, patchTop], [x + w + skew + w * 0.3, H], [x + skew - w * 0.3, H]], linear(ctx, [[0, look.light, 0.2 * look.brightness], [1, look.light, 0]]));
  return { onWall: out.join(''), onFloor };
}

function drapes(ctx: Ctx, x: number, w: number, colour: string): string {
  const { floorY, u } = ctx;
  const out: string[] = [rect(x - u * 6, floorY * 0.07, w + u * 12, u * 0.8, '#b08d57')];
  for (const side of [x - u * 7, x + w + u * 1]) {
    out.push(rect(side, floorY * 0.08, u * 6, floorY * 0.92, linear(ctx, [[0, shade(colour, -0.3)], [0.3, colour], [0.55, shade(colour, -0.25)], [0.8, shade(colour, 0.1)], [1, shade(colour, -0.3)]], 1, 0)));
  }
  return out.join('');
}

function wash(ctx: Ctx, fromLeft: boolean): string {
  const { W, H, look } = ctx;
  const dark = 0.28 - look.brightness * 0.18;
  const side = rect(0, 0, W, H, linear(ctx, fromLeft ? [[0, look.light, 0.12], [1, '#000000', dark]] : [[0, '#000000', dark], [1, look.light, 0.12]], 1, 0));
  // A vignette from four edge gradients: a full-frame radial gradient costs more than the rest of the scene.
  const edgeW = W * 0.22;
  const edgeH = H * 0.22;
  const fade = (x2: number, y2: number) => linear(ctx, [[0, '#000000', 0.28], [1, '#000000', 0]], x2, y2);
  const fadeBack = (x2: number, y2: number) => linear(ctx, [[0, '#000000', 0], [1, '#000000', 0.28]], x2, y2);
  const vignette = rect(0, 0, edgeW, H, fade(1, 0)) + rect(W - edgeW, 0, edgeW, H, fadeBack(1, 0)) + rect(0, 0, W, edgeH, fade(0, 1)) + rect(0, H - edgeH, W, edgeH, fadeBack(0, 1));
  return side + vignette;
}

// ---------------------------------------------------------------- decor

function plant(ctx: Ctx, cx: number, baseY: number, size: number): string {
  const { rand, look } = ctx;
  const potH = size * 0.3;
  const potW = size * 0.34;
  const pot = look.accents[1];
  const out: string[] = [];
  const greens = ['#3f6b3a', '#4f7d43', '#2f5a32', '#5d8a4a'];
  const leaves = 11;
  for (let i = 0; i < leaves; i++) {
    const angle = -90 + (i / (leaves - 1) - 0.5) * 150 + (rand() - 0.5) * 15;
    const len = size * (0.35 + rand() * 0.3);
    const r = (angle * Math.PI) / 180;
    const lx = cx + Math.cos(r) * len * 0.55;
    const ly = baseY - potH - size * 0.05 + Math.sin(r) * len * 0.55;
    out.push(`<ellipse cx="${f(lx)}" cy="${f(ly)}" rx="${f(len * 0.5)}" ry="${f(size * 0.07)}" transform="rotate(${f(angle)} ${f(lx)} ${f(ly)})" fill="${greens[i % greens.length]}"/>`);
  }
  out.push(poly([[cx - potW / 2, baseY - potH], [cx + potW / 2, baseY - potH], [cx + potW * 0.38, baseY], [cx - potW * 0.38, baseY]], linear(ctx, [[0, shade(pot, 0.1)], [1, shade(pot, -0.25)]], 1, 0)));
  return out.join('');
}

function frameArt(ctx: Ctx, x: number, y: number, w: number, h: number): string {
  const { u, look, rand } = ctx;
  const [a, b, c] = look.accents;
  const frame = look.treatment === 'brick' || look.wall < '#555555' ? '#1c1c1c' : '#2b2623';
  const out = [rect(x + u * 0.6, y + u * 0.9, w, h, '#000000', 'fill-opacity="0.18"'), rect(x, y, w, h, frame), rect(x + u * 0.6, y + u * 0.6, w - u * 1.2, h - u * 1.2, '#f4f1ea')];
  const ix = x + w * 0.16;
  const iy = y + h * 0.16;
  const iw = w * 0.68;
  const ih = h * 0.68;
  out.push(rect(ix, iy, iw, ih, mix(c, '#ffffff', 0.5)));
  out.push(`<circle cx="${f(ix + iw * (0.3 + rand() * 0.4))}" cy="${f(iy + ih * 0.4)}" r="${f(Math.min(iw, ih) * 0.28)}" fill="${a}" fill-opacity="0.85"/>`);
  out.push(rect(ix, iy + ih * 0.62, iw, ih * 0.38, b, 'fill-opacity="0.75"'));
  return out.join('');
}

function mirror(ctx: Ctx, cx: number, cy: number, r: number): string {
  const { look, u } = ctx;
  const out: string[] = [];
  if (look.mirror === 'sunburst') {
    for (let i = 0; i < 24; i++) {
      const a = (i / 24) * Math.PI * 2;
      out.push(`<line x1="${f(cx + Math.cos(a) * r)}" y1="${f(cy + Math.sin(a) * r)}" x2="${f(cx + Math.cos(a) * r * 1.7)}" y2="${f(cy + Math.sin(a) * r * 1.7)}" stroke="#c9a24a" stroke-width="${f(u * 0.5)}"/>`);
    }
  }
  out.push(`<circle cx="${f(cx + u * 0.5)}" cy="${f(cy + u * 0.8)}" r="${f(r * 1.05)}" fill="#000000" fill-opacity="0.15"/>`);
  out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 1.06)}" fill="${look.mirror === 'sunburst' ? '#c9a24a' : '#b08d57'}"/>`);
  out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${linear(ctx, [[0, '#e9eef0'], [0.5, mix(look.wall, '#cfd8dc', 0.6)], [1, '#aeb8bd']], 1, 1)}"/>`);
  return out.join('');
}

function floorLamp(ctx: Ctx, cx: number, baseY: number, height: number): string {
  const { u, look } = ctx;
  const metal = look.accents[0];
  const shadeW = height * 0.26;
  const top = baseY - height;
  return (
    soft(cx, top + height * 0.1, shadeW * 1.4, height * 0.3, '#fff1cf', 0.4) +
    rect(cx - u * 0.35, top + height * 0.18, u * 0.7, height * 0.8, metal) +
    `<ellipse cx="${f(cx)}" cy="${f(baseY)}" rx="${f(shadeW * 0.4)}" ry="${f(u * 0.8)}" fill="${metal}"/>` +
    poly([[cx - shadeW * 0.32, top], [cx + shadeW * 0.32, top], [cx + shadeW * 0.5, top + height * 0.2], [cx - shadeW * 0.5, top + height * 0.2]], linear(ctx, [[0, '#fbf3df'], [1, '#e8d8b4']]))
  );
}

function tableLamp(ctx: Ctx, cx: number, baseY: number, height: number): string {
  const { look } = ctx;
  const top = baseY - height;
  return (
    soft(cx, top + height * 0.25, height * 0.9, height * 0.7, '#fff1cf', 0.35) +
    poly([[cx - height * 0.12, baseY], [cx + height * 0.12, baseY], [cx + height * 0.18, baseY - height * 0.5], [cx - height * 0.18, baseY - height * 0.5]], look.accents[1]) +
    poly([[cx - height * 0.22, top], [cx + height * 0.22, top], [cx + height * 0.32, top + height * 0.42], [cx - height * 0.32, top + height * 0.42]], linear(ctx, [[0, '#fbf3df'], [1, '#e5d3ad']]))
  );
}

function pendant(ctx: Ctx, cx: number, bottomY: number, size: number): string {
  const { u, look } = ctx;
  const metal = look.accents[0];
  return (
    rect(cx - u * 0.15, 0, u * 0.3, bottomY - size * 0.45, '#2a2a2a') +
    soft(cx, bottomY + size * 0.4, size * 2, size * 1.2, '#fff1cf', 0.3) +
    `<path d="M${f(cx - size)} ${f(bottomY)} A ${f(size)} ${f(size * 0.9)} 0 0 1 ${f(cx + size)} ${f(bottomY)} Z" fill="${linear(ctx, [[0, shade(metal, 0.25)], [1, shade(metal, -0.2)]], 1, 0)}"/>` +
    `<ellipse cx="${f(cx)}" cy="${f(bottomY)}" rx="${f(size * 0.7)}" ry="${f(size * 0.12)}" fill="#fff6dc"/>`
  );
}

function cabinet(ctx: Ctx, x: number, baseY: number, w: number, h: number, colour: string, drawers: number): string {
  const { u } = ctx;
  const out = [rect(x, baseY - h, w, h * 0.9, linear(ctx, [[0, shade(colour, 0.1)], [1, shade(colour, -0.15)]], 1, 0)), rect(x - u * 0.3, baseY - h - u * 0.6, w + u * 0.6, u * 1, shade(colour, 0.12))];
  for (let i = 0; i < drawers; i++) {
    const dy = baseY - h + u * 0.8 + i * ((h * 0.9 - u * 1.6) / drawers);
    const dh = (h * 0.9 - u * 1.6) / drawers - u * 0.6;
    out.push(rect(x + u * 0.8, dy, w - u * 1.6, dh, 'none', `stroke="${shade(colour, -0.35)}" stroke-width="${f(u * 0.25)}"`));
    out.push(`<circle cx="${f(x + w / 2)}" cy="${f(dy + dh / 2)}" r="${f(u * 0.45)}" fill="#b08d57"/>`);
  }
  out.push(rect(x + u * 0.8, baseY - h * 0.1, u * 0.8, h * 0.1, shade(colour, -0.45)), rect(x + w - u * 1.6, baseY - h * 0.1, u * 0.8, h * 0.1, shade(colour, -0.45)));
  return out.join('');
}

function sofaBehind(ctx: Ctx, cx: number, baseY: number, w: number, h: number): string {
  const { u, look } = ctx;
  const colour = mix(look.accents[1], look.wall, 0.25);
  const x = cx - w / 2;
  return (
    rect(x + w * 0.06, baseY - h, w * 0.88, h * 0.6, linear(ctx, [[0, shade(colour, 0.08)], [1, shade(colour, -0.12)]]), `rx="${f(u * 2)}"`) +
    rect(x, baseY - h * 0.62, w * 0.1, h * 0.56, shade(colour, -0.05), `rx="${f(u * 1.5)}"`) +
    rect(x + w * 0.9, baseY - h * 0.62, w * 0.1, h * 0.56, shade(colour, -0.12), `rx="${f(u * 1.5)}"`) +
    rect(x + w * 0.08, baseY - h * 0.5, w * 0.84, h * 0.42, linear(ctx, [[0, shade(colour, 0.12)], [1, shade(colour, -0.1)]]), `rx="${f(u)}"`) +
    rect(x + w * 0.2, baseY - h * 0.86, w * 0.14, h * 0.3, look.accents[0], `rx="${f(u)}" fill-opacity="0.85"`) +
    rect(x + w * 0.66, baseY - h * 0.86, w * 0.14, h * 0.3, look.accents[2], `rx="${f(u)}" fill-opacity="0.85"`)
  );
}

/** A dining chair seen from the front-side: back, seat and legs in a wood tone. */
function diningChair(ctx: Ctx, cx: number, baseY: number, h: number, facingRight: boolean): string {
  const { u, look } = ctx;
  const wood = mix(look.accents[0], '#7a5535', 0.5);
  const seatY = baseY - h * 0.47;
  const w = h * 0.42;
  const x = cx - w / 2;
  const backX = facingRight ? x : x + w - w * 0.16;
  const leg = Math.max(1.5, u * 0.7);
  return (
    rect(backX, baseY - h, w * 0.16, h * 0.55, linear(ctx, [[0, shade(wood, 0.12)], [1, shade(wood, -0.15)]], 1, 0), `rx="${f(u * 0.6)}"`) +
    rect(x, seatY, w, h * 0.06, shade(wood, 0.05)) +
    rect(x + leg * 0.2, seatY, leg, baseY - seatY, shade(wood, -0.2)) +
    rect(x + w - leg * 1.2, seatY, leg, baseY - seatY, shade(wood, -0.25)) +
    rect(backX + w * 0.04, seatY, leg, baseY - seatY, shade(wood, -0.3))
  );
}

function shelves(ctx: Ctx, x: number, y: number, w: number): string {
  const { u, rand, look } = ctx;
  const out: string[] = [];
  const books = ['#7a2e2e', '#2e4a7a', '#c9a54b', '#3d6b4f', '#d8d2c4', '#5b3f6e'];
  for (let s = 0; s < 2; s++) {
    const sy = y + s * u * 11;
    out.push(rect(x, sy, w, u * 0.9, shade(look.trim, -0.1)));
    let bx = x + u;
    while (bx < x + w * 0.55) {
      const bw = u * (1 + rand() * 0.8);
      const bh = u * (5 + rand() * 3);
      out.push(rect(bx, sy - bh, bw, bh, books[Math.floor(rand() * books.length)]!));
      bx += bw + u * 0.15;
    }
    out.push(plant(ctx, x + w * 0.8, sy, u * 6));
  }
  return out.join('');
}

function rug(ctx: Ctx, cx: number, width: number, nearY: number, farY: number): string {
  const { look, u } = ctx;
  if (look.rug === 'none') return '';
  const [c1, c2, c3] = look.rugColours;
  const farW = width * ((farY - ctx.vy) / (nearY - ctx.vy));
  const corners: Array<[number, number]> = [[cx - farW / 2, farY], [cx + farW / 2, farY], [cx + width / 2, nearY], [cx - width / 2, nearY]];
  const inset = (t: number): Array<[number, number]> => {
    const fy = farY + (nearY - farY) * t * 0.5;
    const ny = nearY - (nearY - farY) * t * 0.5;
    const fw = farW * (1 - t * 0.3);
    const nw = width * (1 - t * 0.3);
    return [[cx - fw / 2, fy], [cx + fw / 2, fy], [cx + nw / 2, ny], [cx - nw / 2, ny]];
  };
  const out = [poly(corners.map(([x, y]) => [x + u * 0.4, y + u * 0.6] as [number, number]), '#000000', 'fill-opacity="0.18"'), poly(corners, c1)];
  switch (look.rug) {
    case 'persian':
    case 'kilim':
      out.push(poly(inset(0.12), c2), poly(inset(0.22), c1), poly(inset(0.45), c3, 'fill-opacity="0.85"'), poly(inset(0.62), c2));
      break;
    case 'flatweave':
      out.push(poly(inset(0.18), c3), poly(inset(0.5), c2, 'fill-opacity="0.8"'));
      break;
    case 'jute':
      out.push(poly(inset(0.1), c3, 'fill-opacity="0.25"'), poly(inset(0.14), c1));
      break;
    case 'wool':
      out.push(poly(inset(0.08), shade(c1, -0.06)));
      break;
  }
  return out.join('');
}

// ---------------------------------------------------------------- composition

function decorFor(ctx: Ctx, type: FurnitureTypeId, layout: RoomLayout, windowSide: 'left' | 'right'): { back: string; front: string } {
  const { W, H, floorY, u, look } = ctx;
  const s = layout.subject;
  const cx = s.x + s.w / 2;
  const leftSpace = s.x;
  const rightSpace = W - (s.x + s.w);
  const back: string[] = [];
  const front: string[] = [];
  const awayX = windowSide === 'left' ? s.x + s.w + rightSpace * 0.5 : leftSpace * 0.5;
  const besideTall = (height: number, side: 'left' | 'right') => (side === 'left' ? s.x - height * 0.25 : s.x + s.w + height * 0.25);

  const artAbove = (maxW: number) => {
    const gap = u * 5;
    const room = s.y - gap - floorY * 0.1;
    if (room < u * 10) return;
    const h = Math.min(room, u * 24);
    const w = Math.min(maxW, h * 1.35);
    back.push(frameArt(ctx, cx - w / 2, s.y - gap - h, w, h));
  };

  switch (type) {
    case 'dresser': {
      const room = s.y - u * 3 - floorY * 0.1;
      if (look.mirror !== 'none' && room > u * 14) back.push(mirror(ctx, cx, s.y - u * 3 - room / 2, Math.min(room / 2, s.w * 0.3)));
      else artAbove(s.w * 0.8);
      break;
    }
    case 'sofa':
      artAbove(s.w * 0.7);
      if (rightSpace > u * 8) back.push(floorLamp(ctx, s.x + s.w + Math.min(rightSpace * 0.45, u * 8), s.y + s.h - u, s.h * 1.7));
      break;
    case 'table': {
      back.push(cabinet(ctx, cx - s.w * 0.45, floorY + u * 0.5, s.w * 0.9, s.h * 0.55, shade(look.accents[0], 0.15), 1));
      back.push(diningChair(ctx, s.x - s.h * 0.05, s.y + s.h, s.h * 1.15, true), diningChair(ctx, s.x + s.w + s.h * 0.05, s.y + s.h, s.h * 1.15, false));
      front.push(pendant(ctx, cx, s.y - s.h * 0.55, u * 5));
      break;
    }
    case 'chair':
      back.push(frameArt(ctx, s.x + s.w * 0.1, s.y - u * 26, u * 20, u * 16));
      if (rightSpace > u * 10) {
        back.push(floorLamp(ctx, s.x + s.w + u * 10, s.y + s.h - u, s.h * 1.5));
        back.push(cabinet(ctx, s.x + s.w + u * 1, s.y + s.h - u * 0.5, u * 8, s.h * 0.45, shade(look.accents[1], -0.2), 0));
      }
      break;
    case 'coffee': {
      const sofaW = Math.min(W * 0.7, s.w * 1.7);
      back.push(sofaBehind(ctx, cx, floorY + u * 5, sofaW, u * 26));
      back.push(frameArt(ctx, cx - u * 15, floorY - u * 52, u * 30, u * 20));
      break;
    }
    case 'bed': {
      artAbove(s.w * 0.6);
      const nsW = u * 12;
      const nsH = u * 13;
      const nsBase = floorY + u * 3;
      if (leftSpace > nsW + u) {
        back.push(cabinet(ctx, s.x - nsW - u, nsBase, nsW, nsH, shade(look.accents[1], -0.1), 2));
        back.push(tableLamp(ctx, s.x - nsW / 2 - u, nsBase - nsH - u * 0.5, u * 13));
      }
      if (rightSpace > nsW + u) {
        back.push(cabinet(ctx, s.x + s.w + u, nsBase, nsW, nsH, shade(look.accents[1], -0.1), 2));
        back.push(tableLamp(ctx, s.x + s.w + u + nsW / 2, nsBase - nsH - u * 0.5, u * 13));
      }
      break;
    }
    case 'desk':
      back.push(shelves(ctx, windowSide === 'left' ? s.x + s.w + u * 4 : Math.max(u * 2, s.x - u * 32), floorY * 0.45, u * 28));
      break;
    case 'bookcase':
      if (rightSpace > u * 12) back.push(floorLamp(ctx, s.x + s.w + u * 8, floorY + u * 6, s.h * 0.85));
      back.push(frameArt(ctx, Math.max(u * 3, s.x - u * 30), floorY * 0.3, u * 20, u * 26));
      break;
  }

  for (let i = 0; i < look.plants; i++) {
    const side = (i % 2 === 0) === (windowSide === 'left') ? 'right' : 'left';
    const size = u * (16 - i * 3);
    const px = i === 0 ? awayX : besideTall(size, side);
    if (px < size * 0.3 || px > W - size * 0.3) continue;
    if (px > s.x - size * 0.3 && px < s.x + s.w + size * 0.3) continue;
    (i === 0 ? back : front).push(plant(ctx, px, Math.min(H * 0.98, floorY + u * (4 + i * 6)), size));
  }
  return { back: back.join(''), front: front.join('') };
}

/** The soft shadow the piece casts on the floor around its base, drawn before the piece itself. */
/** A faint shadow on the wall behind tall pieces, away from the light; the floor shadows follow the silhouette (shadows.ts). */
function wallShadow(ctx: Ctx, layout: RoomLayout): string {
  const s = layout.subject;
  const base = s.y + s.h;
  return s.y < layout.floorY ? soft(s.x + s.w / 2 + s.w * 0.04, Math.min(layout.floorY, base) - s.h * 0.35, s.w * 0.62, s.h * 0.55, '#000000', 0.08) : '';
}

/** The window, and so the room's main light, is on the side with more space, or the seed's side when the piece is centred. */
export function windowSideFor(layout: RoomLayout, seed: number): 'left' | 'right' {
  const s = layout.subject;
  return s.x + s.w / 2 > layout.width / 2 || (seed & 1) === 0 ? 'left' : 'right';
}

export interface SceneInput {
  layout: RoomLayout;
  look: RoomLook;
  furnitureType: FurnitureTypeId;
  seed: number;
}

export function roomSvg({ layout, look, furnitureType, seed }: SceneInput): string {
  const { width: W, height: H, floorY } = layout;
  const ctx: Ctx = { W, H, floorY, vx: W / 2, vy: layout.horizonY, u: H / 100, look, rand: prng(seed), defs: [], ids: 0 };
  const s = layout.subject;
  const windowSide = windowSideFor(layout, seed);
  const windowW = Math.min(W * 0.2, ctx.u * 24);
  const windowX = furnitureType === 'desk' ? s.x + s.w / 2 - windowW / 2 : windowSide === 'left' ? W * 0.06 : W * 0.94 - windowW;
  const windowFits = furnitureType === 'desk' || (windowSide === 'left' ? windowX + windowW < s.x - ctx.u * 2 : windowX > s.x + s.w + ctx.u * 2) || s.y > floorY * 0.85;

  const parts: string[] = [wall(ctx)];
  const light = look.window && windowFits ? windowAt(ctx, windowX, windowW) : null;
  if (light) {
    if (look.drapes) parts.push(drapes(ctx, windowX, windowW, look.drapes));
    parts.push(light.onWall);
  }
  parts.push(baseboard(ctx), floor(ctx));
  if (light) parts.push(light.onFloor);
  const rugNear = Math.min(H * 0.99, s.y + s.h + ctx.u * 10);
  const rugFar = Math.max(floorY + ctx.u * 2, s.y + s.h - (furnitureType === 'bed' ? s.h * 0.3 : ctx.u * 10));
  if (furnitureType !== 'bookcase' && furnitureType !== 'desk') parts.push(rug(ctx, s.x + s.w / 2, Math.min(W * 0.95, s.w * 1.3), rugNear, rugFar));
  const decor = decorFor(ctx, furnitureType, layout, windowSide);
  parts.push(decor.back, wallShadow(ctx, layout), decor.front, wash(ctx, windowSide === 'left'));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${ctx.defs.join('')}</defs>${parts.join('')}</svg>`;
}
