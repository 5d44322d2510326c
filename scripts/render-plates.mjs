#!/usr/bin/env node
/**
 * npm run plates:render [-- [--occluders] <plate-id> …]: renders the room plates with Blender
 * (docs/plates.md) into functions/assets/plates/: each plate's JPEG, its geometry and its
 * foreground cut-outs. Every plate when no id is given. `--occluders` remakes only the cut-outs of
 * plates already rendered, from a quick render of their object mask. Needs Blender (`apt-get install blender`); a plate takes a few
 * minutes on two cores. Nothing renders at run time or in CI: the results are committed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scripts = join(root, 'scripts', 'plates');
const outDir = join(root, 'functions', 'assets', 'plates');
/** Six samples a pixel: the compositor's clean-up (scripts/plates/compositor.py) leaves them clean; four are blotchy. */
const SAMPLES = Number(process.env.PLATE_SAMPLES ?? 6);
const BUDGET_BYTES = 40 * 1024 * 1024;
/** Quality 84 with mozjpeg's trellis keeps soft walls free of banding at about 250 KB a plate. */
const JPEG = { quality: 84, mozjpeg: true, chromaSubsampling: '4:4:4' };
/** Mask values below this are anti-aliasing dust, not part of the object. */
const MASK_FLOOR = 8;

/** The plates the room scripts define, in the order they are listed. */
function roomIds() {
  return ['rooms.py', 'more_rooms.py'].flatMap((file) => {
    const source = readFileSync(join(scripts, file), 'utf8');
    return [...source.matchAll(/^\s+room\('([a-z]+-\d+)'/gm)].map((m) => m[1]);
  });
}

function renderBlender(id, work, mode = 'plate') {
  const started = Date.now();
  const result = spawnSync(
    'blender',
    [
      '-b',
      '--factory-startup',
      '--python-exit-code',
      '1',
      '-P',
      join(scripts, 'build.py'),
      '--',
      id,
      work,
      String(SAMPLES),
      ...(mode === 'mask' ? ['mask'] : []),
    ],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (result.error?.code === 'ENOENT') {
    throw new Error('Blender is not installed: apt-get install blender (Cycles renders on the CPU).');
  }
  if (result.status !== 0 || /Traceback/.test(result.stderr + result.stdout)) {
    throw new Error(`Blender failed on ${id}:\n${(result.stdout + result.stderr).split('\n').slice(-30).join('\n')}`);
  }
  return (Date.now() - started) / 1000;
}

/** The foreground objects' pixels, cut to their bounding box with the rendered mask as alpha. */
async function cutOccluder(id, work, plate) {
  const maskFile = readdirSync(work).find((f) => f.startsWith(`${id}.occluder_`));
  if (!maskFile) return [];
  const { data: mask, info } = await sharp(join(work, maskFile)).greyscale().raw().toBuffer({ resolveWithObject: true });
  let x0 = info.width;
  let y0 = info.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (mask[y * info.width + x] < MASK_FLOOR) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0) return [];
  const box = { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  const alpha = await sharp(mask, { raw: { width: info.width, height: info.height, channels: 1 } }).extract(box).raw().toBuffer();
  const image = `${id}.occluder-0.png`;
  await sharp(plate)
    .extract(box)
    .joinChannel(alpha, { raw: { width: box.width, height: box.height, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toFile(join(outDir, image));
  return [{ image, x: x0, y: y0 }];
}

async function renderPlate(id) {
  const work = mkdtempSync(join(tmpdir(), `plate-${id}-`));
  try {
    const seconds = renderBlender(id, work);
    const plate = await sharp(join(work, `${id}.png`)).removeAlpha().toBuffer();
    await sharp(plate).jpeg(JPEG).toFile(join(outDir, `${id}.jpg`));
    const geometry = JSON.parse(readFileSync(join(work, `${id}.json`), 'utf8'));
    const occluders = await cutOccluder(id, work, plate);
    if (occluders.length > 0) geometry.occluders = occluders;
    writeFileSync(join(outDir, `${id}.json`), `${JSON.stringify(geometry, null, 2)}\n`);
    console.log(`${id}: ${seconds.toFixed(0)} s, ${(statSync(join(outDir, `${id}.jpg`)).size / 1024).toFixed(0)} KB`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

mkdirSync(outDir, { recursive: true });
async function remakeOccluders(id) {
  const work = mkdtempSync(join(tmpdir(), `plate-${id}-`));
  try {
    renderBlender(id, work, 'mask');
    const file = join(outDir, `${id}.json`);
    const geometry = JSON.parse(readFileSync(file, 'utf8'));
    const occluders = await cutOccluder(id, work, await sharp(join(outDir, `${id}.jpg`)).toBuffer());
    if (occluders.length > 0) geometry.occluders = occluders;
    else delete geometry.occluders;
    writeFileSync(file, `${JSON.stringify(geometry, null, 2)}\n`);
    console.log(`${id}: ${occluders.length} cut-out(s)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const known = roomIds();
const onlyOccluders = process.argv[2] === '--occluders';
const wanted = process.argv.slice(onlyOccluders ? 3 : 2);
const unknown = wanted.filter((id) => !known.includes(id));
if (unknown.length > 0) {
  console.error(`No such plate: ${unknown.join(', ')}. Plates: ${known.join(', ')}`);
  process.exit(2);
}
for (const id of wanted.length > 0 ? wanted : known) await (onlyOccluders ? remakeOccluders(id) : renderPlate(id));
const total = readdirSync(outDir).reduce((sum, f) => sum + statSync(join(outDir, f)).size, 0);
console.log(`Library: ${(total / 1024 / 1024).toFixed(1)} MB of ${BUDGET_BYTES / 1024 / 1024} MB`);
if (total > BUDGET_BYTES) process.exitCode = 1;
