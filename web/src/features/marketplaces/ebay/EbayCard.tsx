import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { EbayPost, ItemDetail } from '@flipstage/core';
import { ApiError } from '../../../backend/http';
import { ButtonLink } from '../../../app/links';
import { EbayPublishForm } from './EbayPublishForm';
import {
  useConnectEbay,
  useDisconnectEbay,
  useEbayConnection,
  useEbayListing,
  useFinishEbayConnect,
} from './ebayQueries';

const HEADING_ID = 'ebay-card';

const POST_STATE: Record<EbayPost['state'], string> = { live: 'Live', withdrawn: 'Ended', sold: 'Sold on eBay' };

const CONNECTED = { color: 'teal', text: 'Your eBay account is connected.' };

/** The seller said no on eBay's page: the callback says so in the address (?ebay=declined). */
function declinedOnEbay() {
  return new URLSearchParams(window.location.search).get('ebay') === 'declined'
    ? { color: 'yellow', text: 'eBay was not connected: you did not agree on eBay’s page.' }
    : null;
}

/**
 * The code eBay sent back, which the callback put in the address's fragment, taken out of the
 * address at once so it is neither kept in history nor shared with the page's link.
 */
function takeConsentCode(): { code: string; state: string } | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const code = fragment.get('ebayCode');
  const state = fragment.get('ebayState');
  if (!code || !state) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return { code, state };
}

/** Finishes, once, a connection the seller agreed to on eBay: the server checks it is theirs. */
function useConsentFromAddress() {
  const finish = useFinishEbayConnect();
  const [consent] = useState(takeConsentCode);
  const { mutate } = finish;
  useEffect(() => {
    if (consent) mutate(consent);
  }, [consent, mutate]);
  return finish;
}

function Upsell() {
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">Publish this listing on eBay from here with the Flipper or Premium plan.</Text>
      <ButtonLink to="/pricing" size="xs">
        See the plans
      </ButtonLink>
    </Stack>
  );
}

function Post({ post }: { post: EbayPost }) {
  return (
    <Group gap="xs">
      <Badge color={post.state === 'live' ? 'teal' : 'gray'}>{POST_STATE[post.state]}</Badge>
      <Anchor href={post.url} target="_blank" rel="noopener noreferrer" size="sm">
        See it on eBay
      </Anchor>
    </Group>
  );
}

function Connected(props: {
  item: ItemDetail;
  staged: readonly number[] | undefined;
  username: string | null;
  disconnect: ReturnType<typeof useDisconnectEbay>;
}) {
  const { item, staged, username, disconnect } = props;
  const listing = useEbayListing(item);
  const [publishing, setPublishing] = useState(false);
  const post = listing.data ?? null;
  const forSale = item.state === 'active' && !item.reserved;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">Connected to eBay{username ? ` as ${username}` : ''}.</Text>
        <Button variant="subtle" size="xs" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
          Disconnect eBay
        </Button>
      </Group>
      {post && <Post post={post} />}
      {!forSale && post?.state !== 'live' && (
        <Text size="sm">It can be published on eBay while it is for sale here.</Text>
      )}
      {forSale && post?.state !== 'live' && !publishing && (
        <Button style={{ alignSelf: 'flex-start' }} onClick={() => setPublishing(true)}>
          Publish to eBay
        </Button>
      )}
      {forSale && publishing && (
        <EbayPublishForm item={item} staged={staged} onPublished={() => setPublishing(false)} />
      )}
    </Stack>
  );
}

/**
 * eBay on the seller's own listing (issue 41): connect the eBay account, publish the listing
 * through eBay's API, and see the eBay listing and its state. Marked sold or reserved here, the
 * eBay listing ends by itself; sold on eBay, the listing here is marked sold.
 */
export function EbayCard({ item, staged }: { item: ItemDetail; staged?: readonly number[] }) {
  const connection = useEbayConnection();
  const connect = useConnectEbay();
  const disconnect = useDisconnectEbay();
  const [declined] = useState(declinedOnEbay);
  const finishing = useConsentFromAddress();
  const outcome = finishing.isSuccess
    ? CONNECTED
    : finishing.isError
      ? { color: 'red', text: finishing.error.message }
      : declined;
  const error = connection.error;
  let body;
  if (error instanceof ApiError && error.status === 403) body = <Upsell />;
  else if (error)
    body = <Alert color={error instanceof ApiError && error.status === 503 ? 'gray' : 'red'}>{error.message}</Alert>;
  else if (!connection.data)
    body = (
      <Center py="xs">
        <Loader size="sm" />
        <VisuallyHidden>Loading your eBay connection</VisuallyHidden>
      </Center>
    );
  else if (!connection.data.allowed) body = <Upsell />;
  else if (connection.data.connected)
    body = <Connected item={item} staged={staged} username={connection.data.ebayUsername} disconnect={disconnect} />;
  else
    body = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Connect your eBay account once, then publish your listings there from FlipStage.</Text>
        <Button loading={connect.isPending} onClick={() => connect.mutate()}>
          Connect eBay
        </Button>
        {connect.error && <Alert color="red">{connect.error.message}</Alert>}
      </Stack>
    );
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={HEADING_ID}>
          eBay
        </Title>
        {outcome && (
          <Alert color={outcome.color} role="status">
            {outcome.text}
          </Alert>
        )}
        {disconnect.data && (
          <Alert color="gray" role="status">
            FlipStage forgot your eBay connection. eBay has no way for an app to withdraw its own access, so also{' '}
            <Anchor href={disconnect.data} target="_blank" rel="noopener noreferrer">
              remove FlipStage under Third-party app access at eBay
            </Anchor>
            .
          </Alert>
        )}
        {body}
      </Stack>
    </Paper>
  );
}
