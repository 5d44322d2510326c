/**
 * `flipstage pieces export [--out FILE] [--json]` (issue 42): the seller's books, every piece not
 * deleted with its cost lines, from the API's export route in both modes (Firebase mode's books
 * live in Firestore, which the CLI does not read itself). CSV by default, as the web app's export
 * writes it (core's booksCsv: UTF-8 with a BOM, one row per cost line); --json writes the pieces
 * as JSON instead. To FILE with --out, else to stdout.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { booksCsv, type PieceWithCosts } from '@flipstage/core';
import { openSession } from '../session.js';
import type { CommandContext } from './context.js';
import { EXIT } from '../errors/exitCodes.js';

/** What the command needs of the API client, so the writing can be tested without one. */
export interface PiecesSource {
  exportPieces(): Promise<PieceWithCosts[]>;
}

/** The export's text: CSV as the web app writes it, or the pieces as JSON. */
export function exportText(pieces: readonly PieceWithCosts[], json: boolean): string {
  // One line, as the CLI's other JSON output, so scripts can read it line by line.
  return json ? `${JSON.stringify({ pieces })}\n` : booksCsv(pieces);
}

export async function exportPieces(
  source: PiecesSource,
  options: { out: string | null; json: boolean },
  stdout: { write(chunk: string): unknown },
): Promise<{ pieces: number; costLines: number; out: string | null }> {
  const pieces = await source.exportPieces();
  const text = exportText(pieces, options.json);
  if (options.out) await writeFile(options.out, text, 'utf8');
  else stdout.write(text);
  return { pieces: pieces.length, costLines: pieces.reduce((n, p) => n + p.costs.length, 0), out: options.out };
}

export function piecesCommand(ctx: CommandContext): Command {
  const pieces = new Command('pieces').description('your books: the pieces you flip, from purchase to profit');
  const exportCommand = new Command('export')
    .description('export your pieces and their cost lines as CSV (or JSON with --json)')
    .option('--out <file>', 'write to this file instead of the terminal')
    .option('--json', 'write JSON instead of CSV')
    .action(async (raw: { out?: string; json?: boolean }) => {
      const json = raw.json === true;
      ctx.useJson(json);
      const out = raw.out ? resolve(raw.out) : null;
      const session = await openSession(ctx.io.env, { logger: ctx.logger });
      try {
        const written = await exportPieces(session.client, { out, json }, ctx.io.stdout);
        // Written to the terminal, the export is the whole output; to a file, the output says what was written.
        if (out && json) ctx.logger.json(written);
        else if (out) ctx.logger.success(`Wrote ${written.pieces} pieces and ${written.costLines} cost lines to ${out}`);
      } finally {
        await session.client.close();
      }
      ctx.finish(EXIT.ok);
    });
  pieces.addCommand(exportCommand.copyInheritedSettings(pieces));
  return pieces;
}
