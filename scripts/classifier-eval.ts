/**
 * `npm run engine:classify-eval [-- --tune]`: how well the engine tells home goods from other
 * photos (functions/src/stagers/engine/classify/), on the labelled real photos in
 * functions/test/fixtures/classifier/{home,other}/ (sources and licences in LICENSES.md there).
 *
 * Each photo falls in the tune or the held-out half by a hash of its file name. Prints every
 * photo's verdict, the accept rate on home goods and the refuse rate on the rest for each half,
 * how often the suggested type matches the type in a furniture photo's name, and the median time
 * per photo (decoded analysis copy in, verdict out). `--tune` searches the thresholds on the tune
 * half only: the highest refuse rate that keeps at least 97 % of home goods, then the highest
 * accept rate, ties going to the most lenient thresholds (a false refusal costs more than a false
 * accept); the held-out half is never looked at while tuning.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { decodePhoto } from '../functions/src/stagers/engine/decode.js';
import { decide, THRESHOLDS, type Thresholds } from '../functions/src/stagers/engine/classify/index.js';
import { classPresence, loadDetector } from '../functions/src/stagers/engine/classify/detector.js';
import { sceneCues, type SceneCues } from '../functions/src/stagers/engine/classify/scene.js';

const ROOT = fileURLToPath(new URL('../functions/test/fixtures/classifier/', import.meta.url));
const MIN_ACCEPT = 0.97;

interface Sample {
  kind: 'home' | 'other';
  name: string;
  split: 'tune' | 'held-out';
  presence: Float32Array;
  scene: SceneCues;
  ms: number;
  cpuMs: number;
}

/** FNV-1a of the name: a fixed split no one chose photo by photo. */
function splitOf(name: string): Sample['split'] {
  let hash = 0x811c9dc5;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash % 2 === 0 ? 'tune' : 'held-out';
}

async function load(): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const kind of ['home', 'other'] as const) {
    const names = (await readdir(join(ROOT, kind))).filter((name) => name.endsWith('.jpg')).sort();
    for (const name of names) {
      const photo = await decodePhoto(await readFile(join(ROOT, kind, name)));
      const start = performance.now();
      const cpu = process.cpuUsage();
      const presence = await classPresence(photo.analysis);
      const scene = sceneCues(photo.analysis);
      const used = process.cpuUsage(cpu);
      samples.push({
        kind,
        name,
        split: splitOf(name),
        presence,
        scene,
        ms: performance.now() - start,
        cpuMs: (used.user + used.system) / 1000,
      });
    }
  }
  return samples;
}

function rates(
  samples: Sample[],
  thresholds: Thresholds,
): { accept: number; refuse: number; homes: number; others: number } {
  const homes = samples.filter((s) => s.kind === 'home');
  const others = samples.filter((s) => s.kind === 'other');
  const accepted = homes.filter((s) => decide(s.presence, s.scene, thresholds).homeGood).length;
  const refused = others.filter((s) => !decide(s.presence, s.scene, thresholds).homeGood).length;
  return {
    accept: accepted / homes.length,
    refuse: refused / others.length,
    homes: homes.length,
    others: others.length,
  };
}

function tune(samples: Sample[]): Thresholds {
  let chosen = THRESHOLDS;
  let score = { accept: -1, refuse: -1 };
  for (let refuseAt = 0.8; refuseAt >= 0.3; refuseAt -= 0.01) {
    for (let homeVeto = 0.2; homeVeto <= 0.8; homeVeto += 0.01) {
      const candidate = { ...THRESHOLDS, refuseAt: +refuseAt.toFixed(2), homeVeto: +homeVeto.toFixed(2) };
      const r = rates(samples, candidate);
      if (r.accept < MIN_ACCEPT) continue;
      if (r.refuse > score.refuse || (r.refuse === score.refuse && r.accept > score.accept)) {
        chosen = candidate;
        score = r;
      }
    }
  }
  return chosen;
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const loadStart = performance.now();
await loadDetector();
const loadMs = performance.now() - loadStart;
const samples = await load();
const thresholds = process.argv.includes('--tune') ? tune(samples.filter((s) => s.split === 'tune')) : THRESHOLDS;

for (const s of samples) {
  const c = decide(s.presence, s.scene, thresholds);
  const right = c.homeGood === (s.kind === 'home');
  console.log(
    `${right ? '  ' : '✗ '}${s.kind.padEnd(5)} ${s.split.padEnd(8)} ${s.name.padEnd(44)} ${c.homeGood ? 'accept' : 'REFUSE'} ` +
      `${c.seen.padEnd(22)} type=${String(c.suggestedType).padEnd(6)} ${c.label} ${c.confidence.toFixed(2)}`,
  );
}
console.log(
  `\nthresholds ${JSON.stringify(thresholds)}${process.argv.includes('--tune') ? ' (tuned on the tune half)' : ''}`,
);
for (const split of ['tune', 'held-out'] as const) {
  const r = rates(
    samples.filter((s) => s.split === split),
    thresholds,
  );
  console.log(
    `${split.padEnd(8)}: home goods accepted ${pct(r.accept)} of ${r.homes}; others refused ${pct(r.refuse)} of ${r.others}`,
  );
}
const typed = samples.filter((s) => s.kind === 'home' && /^(chair|sofa|table)-/.test(s.name));
const typeRight = typed.filter(
  (s) => decide(s.presence, s.scene, thresholds).suggestedType === s.name.split('-')[0],
).length;
console.log(`suggested type matches the photo's type: ${typeRight} of ${typed.length} (chairs, sofas, tables)`);
const categories = [...new Set(samples.filter((s) => s.kind === 'other').map((s) => s.name.split('-')[0]!))];
console.log(
  `refused by subject: ${categories
    .map((category) => {
      const group = samples.filter((s) => s.kind === 'other' && s.name.startsWith(`${category}-`));
      return `${category} ${group.filter((s) => !decide(s.presence, s.scene, thresholds).homeGood).length}/${group.length}`;
    })
    .join(', ')}`,
);
console.log(`process memory after the run: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB resident`);
console.log(
  `time: model load and conversion ${loadMs.toFixed(0)} ms; per photo median ${median(samples.map((s) => s.ms)).toFixed(0)} ms wall, ` +
    `${median(samples.map((s) => s.cpuMs)).toFixed(0)} ms CPU (all threads; wall time on an idle machine is about CPU time / cores used)`,
);
