/**
 * `flipstage listings publish <id> --ebay` (issue 41): publishes a listing to eBay with the
 * seller's saved choices (category, condition, item specifics, policies, location), the ones
 * their last publish from the web app kept. eBay is the only site with a listing API; the others
 * get kits (`flipstage listings kit`).
 */
import { Command } from 'commander';
import type { EbayPost } from '@flipstage/core';
import { openSession } from '../session.js';
import type { CommandContext } from './context.js';
import { EXIT, usageError } from '../errors/exitCodes.js';

export const ONLY_EBAY =
  'Only eBay takes listings from FlipStage directly: add --ebay. For the other sites, write their kits with flipstage listings kit.';

export function listingPublishCommand(ctx: CommandContext): Command {
  return new Command('publish')
    .description('publish a listing to eBay with your saved eBay choices')
    .argument('<id>', 'the listing’s id (the end of its page’s address)')
    .option('--ebay', 'publish to eBay')
    .option('--json', 'print JSON')
    .action(async (id: string, raw: { ebay?: boolean; json?: boolean }) => {
      const json = raw.json === true;
      ctx.useJson(json);
      if (!raw.ebay) throw usageError(ONLY_EBAY);
      const session = await openSession(ctx.io.env, { logger: ctx.logger });
      let post: EbayPost;
      try {
        post = await session.client.publishToEbay(id);
      } finally {
        await session.client.close();
      }
      if (json) ctx.logger.json({ itemId: id, site: 'ebay', ...post });
      else ctx.logger.info(`Published to eBay: ${post.url}`);
      ctx.finish(EXIT.ok);
    });
}
