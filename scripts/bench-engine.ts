/**
 * Times the local staging engine on a 1600 × 1200 photo against sharp's plain decode → resize →
 * JPEG encode of the same photo, interleaved so both see the same machine load.
 * Targets: engine median ≤ 400 ms and ≤ 6× the baseline. `npm run bench:engine`.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import sharp from 'sharp';
import { buildAutoPrompt } from '@flipstage/core';
import { createLocalStager } from '../functions/src/engine/index.js';

const RUNS = 20;
const WARMUP = 2;

const sample = await readFile(new URL('../samples/dresser-blue.jpg', import.meta.url));
const photo = new Uint8Array(await sharp(sample).resize(1600, 1200).jpeg({ quality: 90 }).toBuffer());
const stager = createLocalStager();
const input = { image: photo, prompt: buildAutoPrompt('modern', 'dresser'), style: 'modern', furnitureType: 'dresser', mode: 'auto', size: 'standard' } as const;

async function engine(): Promise<void> {
  await stager.stage(input);
}

async function baseline(): Promise<void> {
  await sharp(photo).resize(1024, 1024, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer();
}

/** Wall time, plus the process's CPU time (all threads), which other processes' load does not inflate. */
async function time(run: () => Promise<void>, cpu: number[]): Promise<number> {
  const startedCpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(startedCpu);
  cpu.push((used.user + used.system) / 1000);
  return performance.now() - started;
}

function stats(samples: number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

for (let i = 0; i < WARMUP; i++) {
  await engine();
  await baseline();
}
const engineTimes: number[] = [];
const baselineTimes: number[] = [];
const engineCpu: number[] = [];
const baselineCpu: number[] = [];
for (let i = 0; i < RUNS; i++) {
  engineTimes.push(await time(engine, engineCpu));
  baselineTimes.push(await time(baseline, baselineCpu));
}
const e = stats(engineTimes);
const b = stats(baselineTimes);
const [load] = loadavg();
console.log(`cpu time: engine median ${stats(engineCpu).median.toFixed(1)} ms, baseline median ${stats(baselineCpu).median.toFixed(1)} ms; machine load average ${load!.toFixed(1)} on ${availableParallelism()} cores`);
console.log(`engine   median ${e.median.toFixed(1)} ms, p95 ${e.p95.toFixed(1)} ms (${RUNS} runs, 1600x1200 JPEG → 1024 px staged JPEG)`);
console.log(`baseline median ${b.median.toFixed(1)} ms, p95 ${b.p95.toFixed(1)} ms (sharp decode → resize 1024 → JPEG)`);
console.log(`engine median ${e.median.toFixed(0)} ms, baseline ${b.median.toFixed(0)} ms, ratio ${(e.median / b.median).toFixed(2)}`);
