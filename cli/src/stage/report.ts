import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { escapeHtml, findDesignStyle, findFurnitureType, type SubjectHint } from '@flipstage/core';
import { describeMark } from './mark.js';
import type { SkippedFile } from './collect.js';
import type { RefusalStatus } from './refusals.js';
import type { StopReason } from './stopSwitch.js';

export const REPORT_HTML = 'flipstage-report.html';
export const REPORT_JSON = 'flipstage-report.json';
/** The "before" photos the contact sheet shows, copied in so the out folder can be moved or shared whole. */
export const REPORT_FILES = 'flipstage-report-files';

/** What one run did, as the `summary` event and each run of the JSON report hold it. */
export interface RunSummary {
  staged: { file: string; output: string }[];
  skipped: SkippedFile[];
  failed: { file: string; reason: string }[];
  /** Photos the server could not tell the piece in: skipped, free, to stage again with a box. */
  markThePiece: { file: string; reason: string }[];
  /** Photos the server saw no furniture in: skipped, free. */
  notFurniture: { file: string; reason: string }[];
  /** Photos left for the next run after Ctrl-C or a lost server. */
  notStarted: string[];
  /** Charges the API confirmed for this run's own stagings, never a balance difference. */
  creditsUsed: number;
  creditsLeft: number;
  seconds: number;
  stopped: StopReason | null;
}

export interface ReportOptions {
  style: string;
  furnitureType: string;
  mode: string;
  prompt: string;
  hd: boolean;
  /** The piece the manifest marked, as sent. */
  subject?: SubjectHint | undefined;
}

export interface SheetEntry {
  file: string;
  /** The photo's path inside the folder it came from: what the card is captioned with. */
  caption: string;
  /** Absolute path of the original photo. */
  sourcePath: string;
  /** Staged image relative to the out folder, when there is one. */
  output: string | null;
  status: 'staged' | 'already staged' | 'failed' | 'not started' | RefusalStatus;
  reason?: string | undefined;
  /** What to do about a refused photo. */
  hint?: string | undefined;
  /** What the photo was sent with in this run; absent for photos staged by an earlier run. */
  options?: ReportOptions | undefined;
}

/** A card as the JSON report keeps it: every path relative to the out folder. */
export interface ReportCard {
  file: string;
  caption: string;
  before: string | null;
  output: string | null;
  status: SheetEntry['status'];
  reason?: string | undefined;
  hint?: string | undefined;
  options?: ReportOptions | undefined;
}

export interface RunRecord extends RunSummary {
  generatedAt: string;
  sheet: ReportCard[];
}

/** flipstage-report.json: every run in this out folder, newest first. */
export interface ReportDocument {
  runs: RunRecord[];
}

/** A URL relative to the report for a path relative to the out folder, each segment percent-encoded. */
export function relativeUrl(path: string): string {
  return path.split(sep).map(encodeURIComponent).join('/');
}

export function describeOptions(options: ReportOptions): string {
  const look =
    options.mode === 'custom'
      ? `Custom prompt: ${options.prompt}`
      : `${findDesignStyle(options.style)?.label ?? options.style} · ${findFurnitureType(options.furnitureType)?.label ?? options.furnitureType}`;
  const parts = [look, ...(options.hd ? ['HD'] : []), ...(options.subject ? [describeMark(options.subject)] : [])];
  return parts.join(' · ');
}

const CARD_CLASS: Partial<Record<SheetEntry['status'], string>> = {
  failed: 'failed',
  'mark the piece': 'attention',
  'not furniture': 'attention',
};

function card(entry: ReportCard): string {
  const name = escapeHtml(entry.caption);
  const before = entry.before
    ? `<img src="${relativeUrl(entry.before)}" alt="Before: ${name}" loading="lazy">`
    : '<div class="missing">original not found</div>';
  const after = entry.output
    ? `<img src="${relativeUrl(entry.output)}" alt="After: ${name}" loading="lazy">`
    : `<div class="missing">${escapeHtml(entry.reason ?? 'no staged image')}${entry.hint ? `<small>${escapeHtml(entry.hint)}</small>` : ''}</div>`;
  const options = entry.options ? `<div class="options">${escapeHtml(describeOptions(entry.options))}</div>` : '';
  return [
    `<figure class="card ${CARD_CLASS[entry.status] ?? ''}">`,
    `<div class="pair">${before}${after}</div>`,
    `<figcaption><span class="name">${name}</span> <span class="status">${escapeHtml(entry.status)}</span></figcaption>`,
    options,
    '</figure>',
  ].join('');
}

export function headline(run: RunSummary): string {
  // Runs reported before photos could be refused have neither list.
  const toMark = run.markThePiece?.length ?? 0;
  const notFurniture = run.notFurniture?.length ?? 0;
  const refused = `${toMark > 0 ? `, ${toMark} to mark` : ''}${notFurniture > 0 ? `, ${notFurniture} not furniture` : ''}`;
  const left = run.notStarted.length > 0 ? `, ${run.notStarted.length} left for the next run` : '';
  return `${run.staged.length} staged, ${run.skipped.length} skipped, ${run.failed.length} failed${refused}${left}; ${run.creditsUsed} credits used, ${run.creditsLeft} left.`;
}

function section(run: RunRecord): string {
  return `<section class="run">
<h2>Run of ${escapeHtml(run.generatedAt)}</h2>
<p>${escapeHtml(headline(run))}</p>
<div class="grid">
${run.sheet.map(card).join('\n')}
</div>
</section>`;
}

/** The contact sheet: one section per run, newest first, every photo next to its staged image. */
export function renderContactSheet(document: ReportDocument): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>FlipStage contact sheet</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#1a1b1e;background:#f8f9fa}
h1{font-size:1.5rem;margin:0 0 4px}
h2{font-size:1.1rem;margin:24px 0 4px}
p{margin:4px 0;color:#495057}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(420px,1fr));gap:16px;margin-top:16px}
.card{margin:0;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:8px}
.card.failed{border-color:#fa5252}
.card.attention{border-color:#f59f00}
.card.attention .missing{color:#e67700;flex-direction:column;gap:6px}
.missing small{color:#495057}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:8px}
.pair img,.missing{width:100%;height:200px;object-fit:contain;background:#f1f3f5;border-radius:4px}
.missing{display:flex;align-items:center;justify-content:center;text-align:center;color:#c92a2a;font-size:.85rem;padding:8px;box-sizing:border-box}
figcaption{margin-top:6px;font-size:.9rem;display:flex;justify-content:space-between;gap:8px}
.status,.options{color:#868e96}
.options{font-size:.8rem;margin-top:2px}
</style>
</head>
<body>
<h1>FlipStage contact sheet</h1>
${document.runs.map(section).join('\n')}
</body>
</html>
`;
}

async function writeAtomically(path: string, text: string): Promise<void> {
  await writeFile(`${path}.tmp`, text);
  await rename(`${path}.tmp`, path);
}

/**
 * Copies an original into the report's files, named by its content so a re-shot photo under
 * the same name never replaces the one an earlier run's section shows. Null when it is gone.
 */
async function copyBefore(sourcePath: string, outDir: string): Promise<string | null> {
  const bytes = await readFile(sourcePath).catch(() => null);
  if (!bytes) return null;
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}${extname(sourcePath).toLowerCase()}`;
  const relativePath = join(REPORT_FILES, name);
  const target = join(outDir, relativePath);
  if (!(await stat(target).catch(() => null))) {
    await mkdir(join(outDir, REPORT_FILES), { recursive: true });
    await copyFile(sourcePath, `${target}.tmp`);
    await rename(`${target}.tmp`, target);
  }
  return relativePath;
}

/** The runs already reported in this folder; a missing or unreadable report starts a new one. */
async function earlierRuns(path: string): Promise<RunRecord[]> {
  try {
    const document = JSON.parse(await readFile(path, 'utf8')) as Partial<ReportDocument>;
    return Array.isArray(document.runs) ? document.runs : [];
  } catch {
    return [];
  }
}

/** Adds this run to flipstage-report.json and flipstage-report.html in the out folder, newest first. */
export async function writeReports(input: {
  entries: readonly SheetEntry[];
  summary: RunSummary;
  outDir: string;
  generatedAt: Date;
}): Promise<{ html: string; json: string }> {
  const html = join(input.outDir, REPORT_HTML);
  const json = join(input.outDir, REPORT_JSON);
  const sheet: ReportCard[] = [];
  for (const { sourcePath, ...entry } of input.entries) {
    sheet.push({ ...entry, before: await copyBefore(sourcePath, input.outDir) });
  }
  const run: RunRecord = { generatedAt: input.generatedAt.toISOString(), ...input.summary, sheet };
  const document: ReportDocument = { runs: [run, ...(await earlierRuns(json))] };
  await writeAtomically(json, `${JSON.stringify(document, null, 2)}\n`);
  await writeAtomically(html, renderContactSheet(document));
  return { html, json };
}
