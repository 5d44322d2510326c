import { List, Stack, Text } from '@mantine/core';
import { ButtonLink } from '../../app/links';

/** What the feature does, for a seller whose plan does not include it (Base, free), and where to get it. */
export function MarketplacesUpsell() {
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">With the Flipper or Premium plan, post this listing to other marketplaces from here:</Text>
      <List size="sm" spacing={4}>
        <List.Item>Publish it on eBay.</List.Item>
        <List.Item>
          Get it ready for Facebook Marketplace, Craigslist, OfferUp, Chairish and Etsy: the title cut to each site’s
          limit, a description from your listing’s facts, and the photos sized for the site, real ones first.
        </List.Item>
        <List.Item>See where it is posted, and when it sells, a checklist of the sites to take it down from.</List.Item>
      </List>
      <ButtonLink to="/pricing" size="sm">
        See the plans
      </ButtonLink>
    </Stack>
  );
}
