/** `flipstage listings …`: what a seller does with their FlipStage listings from the terminal (issue 41). */
import { Command } from 'commander';
import type { CommandContext } from './context.js';
import { listingKitCommand } from './listingKit.js';
import { listingPublishCommand } from './listingPublish.js';

export function listingsCommand(ctx: CommandContext): Command {
  const listings = new Command('listings').description('post your FlipStage listings to other marketplaces');
  for (const command of [listingKitCommand(ctx), listingPublishCommand(ctx)])
    listings.addCommand(command.copyInheritedSettings(listings));
  return listings;
}
