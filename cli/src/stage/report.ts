import { rename, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { findDesignStyle, findFurnitureType } from '@flipstage/core';
import type { SkippedFile } from './collect.js';

export const REPORT_HTML = 'flipstage-report.html';
export const REPORT_JSON = 'flipstage-report.json';

/** What `--json` prints and the JSON report holds (issue 7). */
export interface RunSummary {
  staged: { file: string; output: string }[];
  skipped: SkippedFile[];
  failed: { file: string; reason: string }[];
  creditsUsed: number;
  creditsLeft: number;
  seconds: number;
}

export interface SheetEntry {
  file: string;
  /** Absolute path of the original photo. */
  sourcePath: string;
  /** Staged image relative to the out folder, when there is one. */
  output: string | null;
  status: 'staged' | 'already staged' | 'failed';
  reason?: string | undefined;
}

export interface ReportOptions {
  style: string;
  furnitureType: string;
  mode: string;
  prompt: string;
  hd: boolean;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A relative URL from the report (in `outDir`) to a file, each segment percent-encoded. */
export function relativeUrl(outDir: string, target: string): string {
  return relative(outDir, target).split(sep).map(encodeURIComponent).join('/');
}

function card(entry: SheetEntry, outDir: string): string {
  const name = escapeHtml(entry.file);
  const before = `<img src="${relativeUrl(outDir, entry.sourcePath)}" alt="Before: ${name}" loading="lazy">`;
  const after = entry.output
    ? `<img src="${relativeUrl(outDir, join(outDir, entry.output))}" alt="After: ${name}" loading="lazy">`
    : `<div class="missing">${escapeHtml(entry.reason ?? 'no staged image')}</div>`;
  return [
    `<figure class="card ${entry.status === 'failed' ? 'failed' : ''}">`,
    `<div class="pair">${before}${after}</div>`,
    `<figcaption><span class="name">${name}</span> <span class="status">${escapeHtml(entry.status)}</span></figcaption>`,
    '</figure>',
  ].join('');
}

/** A self-contained contact sheet: every photo next to its staged image (or why there is none). */
export function renderContactSheet(input: {
  entries: readonly SheetEntry[];
  summary: RunSummary;
  options: ReportOptions;
  outDir: string;
  generatedAt: Date;
}): string {
  const { summary, options } = input;
  const headline = `${summary.staged.length} staged, ${summary.skipped.length} skipped, ${summary.failed.length} failed; ${summary.creditsUsed} credits used, ${summary.creditsLeft} left.`;
  const settings =
    options.mode === 'custom'
      ? `Custom prompt: ${options.prompt}`
      : `Style: ${findDesignStyle(options.style)?.label ?? options.style}. Furniture type: ${findFurnitureType(options.furnitureType)?.label ?? options.furnitureType}.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>FlipStage contact sheet</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#1a1b1e;background:#f8f9fa}
h1{font-size:1.5rem;margin:0 0 4px}
p{margin:4px 0;color:#495057}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(420px,1fr));gap:16px;margin-top:16px}
.card{margin:0;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:8px}
.card.failed{border-color:#fa5252}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:8px}
.pair img,.missing{width:100%;height:200px;object-fit:contain;background:#f1f3f5;border-radius:4px}
.missing{display:flex;align-items:center;justify-content:center;text-align:center;color:#c92a2a;font-size:.85rem;padding:8px;box-sizing:border-box}
figcaption{margin-top:6px;font-size:.9rem;display:flex;justify-content:space-between;gap:8px}
.status{color:#868e96}
</style>
</head>
<body>
<h1>FlipStage contact sheet</h1>
<p>${escapeHtml(headline)}</p>
<p>${escapeHtml(settings)}${options.hd ? ' HD requested.' : ''} Generated ${escapeHtml(input.generatedAt.toISOString())}.</p>
<section class="grid">
${input.entries.map((entry) => card(entry, input.outDir)).join('\n')}
</section>
</body>
</html>
`;
}

async function writeAtomically(path: string, text: string): Promise<void> {
  await writeFile(`${path}.tmp`, text);
  await rename(`${path}.tmp`, path);
}

/** Writes flipstage-report.html and flipstage-report.json into the out folder. */
export async function writeReports(input: {
  entries: readonly SheetEntry[];
  summary: RunSummary;
  options: ReportOptions;
  outDir: string;
  generatedAt: Date;
}): Promise<{ html: string; json: string }> {
  const html = join(input.outDir, REPORT_HTML);
  const json = join(input.outDir, REPORT_JSON);
  await writeAtomically(html, renderContactSheet(input));
  const sheet = input.entries.map(({ sourcePath, ...entry }) => ({
    ...entry,
    source: relative(input.outDir, sourcePath),
  }));
  const document = { generatedAt: input.generatedAt.toISOString(), options: input.options, ...input.summary, sheet };
  await writeAtomically(json, `${JSON.stringify(document, null, 2)}\n`);
  return { html, json };
}
