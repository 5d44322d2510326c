import { Command } from 'commander';
import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS } from '@flipstage/core';
import { CONFIRM_ABOVE, DEFAULT_CONCURRENCY, MAX_CONCURRENCY, stageOptionsSchema } from '../stage/options.js';
import { DEFAULT_RETRY_POLICY } from '../api/retry.js';
import { runStage } from '../stage/run.js';
import type { CommandContext } from './context.js';

/**
 * The one place the terminal explains marking a piece: the web app's "tap the piece" has no
 * terminal equivalent, and a photo the server is unsure about points here.
 */
const MANIFEST_HELP = `
Marking the piece (for a photo holding several, or where "mark the piece" was reported):
  give its row in the --manifest a box, x,y,width,height from the photo's top-left corner,
  either as fractions of the photo's width and height or in pixels followed by "px"
  (as an image editor's selection shows them, on the photo as it is shown, upright):

    file,type,box
    photos/IMG_0412.jpg,sofa,"0.1,0.2,0.6,0.7"
    photos/IMG_0413.jpg,chair,"120,80,900,700 px"

  or a point on the piece, x,y, in a point column ("0.5,0.6" or "1200,900 px").
  A photo the server is unsure about, or sees no furniture in, is skipped and costs nothing.
`;

export function stageCommand(ctx: CommandContext): Command {
  return new Command('stage')
    .description('stage every furniture photo in a folder (or the files given) into --out')
    .argument('<paths...>', 'folders and/or image files')
    .option('-o, --out <dir>', 'folder for the staged images and the report (required)')
    .option('-s, --style <style>', `design style: ${DESIGN_STYLE_IDS.join(', ')}`)
    .option(
      '-t, --type <type>',
      `furniture type where no manifest or folder name gives one: ${FURNITURE_TYPE_IDS.join(', ')}`,
    )
    .option('-p, --prompt <text>', 'custom background prompt (instead of the style and type prompt)')
    .option('--hd', 'ask for HD output (Flipper and Premium plans)', false)
    .option('-c, --concurrency <n>', `images staged at once, 1-${MAX_CONCURRENCY}`, String(DEFAULT_CONCURRENCY))
    .option('-r, --recursive', 'include sub-folders', false)
    .option('--dry-run', 'list what would be staged and what it would cost; spend nothing', false)
    .option('-y, --yes', `do not ask before staging more than ${CONFIRM_ABOVE} images`, false)
    .option('-f, --force', 'stage again even photos already staged with the same options', false)
    .option('--name <template>', 'output file name from {name}, {style} and {type}; default "{name}.staged"')
    .option(
      '--manifest <file>',
      'CSV or JSON (file, type, style, prompt, box, point) giving each photo its own options and, where needed, marking the piece to stage',
    )
    .option('--max-credits <n>', 'stage at most n photos now, in path order; the rest wait for a later run')
    .option('--json', 'print one JSON object per line as photos are staged, then a summary', false)
    .option('-q, --quiet', 'print only errors and the final summary', false)
    .addHelpText('after', MANIFEST_HELP)
    .action(async (paths: string[], raw: Record<string, unknown>) => {
      ctx.useJson(raw.json === true);
      const options = stageOptionsSchema.parse({ ...raw, inputs: paths });
      ctx.finish(await runStage(options, ctx, DEFAULT_RETRY_POLICY, raw.quiet === true));
    });
}
