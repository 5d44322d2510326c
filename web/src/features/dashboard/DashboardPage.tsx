import { lazy, Suspense, useEffect } from 'react';
import { Alert, Badge, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { planForPriceId } from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { priceIdConfig } from '../../backend/config';
import { useAuthUser, useMergedUser, useRefreshMergedUser } from '../../backend/session';
import { track } from '../../analytics/track';
import { ImageEditHistory } from './ImageEditHistory';
import { MyListings } from './MyListings';
import { dashboardGreeting } from './greeting';
import { ButtonLink } from '../../app/links';

/** The books' numbers and charts (issue 42) load beside the dashboard, not in its chunk. */
const BooksSummarySection = lazy(() =>
  import('../books/BooksSummarySection').then((m) => ({ default: m.BooksSummarySection })),
);

export const PAYMENT_SUCCESS_MESSAGE =
  'Payment successful! Your subscription is active and your new credits will appear in a moment.';
export const TRIAL_STARTED_MESSAGE =
  "Nothing has been charged today. Your plan's credits are ready to use, and the first payment is taken when the trial ends unless you cancel before then.";
export const CHECKOUT_CONFIRMING_MESSAGE =
  'We are confirming your subscription. Your plan and credits will appear here in a moment.';

/**
 * Back from checkout, say what really happened: a trial charges nothing, so it is not a payment.
 * The webhook that records the subscription can land after the redirect; until then, say so.
 */
function checkoutNotice(status: string | null | undefined): { title: string; message: string } {
  if (status === 'trialing') return { title: 'Your free trial has started', message: TRIAL_STARTED_MESSAGE };
  if (status === 'active') return { title: 'Thank you!', message: PAYMENT_SUCCESS_MESSAGE };
  return { title: 'Thank you!', message: CHECKOUT_CONFIRMING_MESSAGE };
}

export function DashboardPage({ paid }: { paid: boolean }) {
  const authUser = useAuthUser();
  const user = useMergedUser();
  const refresh = useRefreshMergedUser();
  const plan = planForPriceId(user?.planId, priceIdConfig());
  const notice = paid ? checkoutNotice(user?.stripeSubscriptionStatus) : null;

  useEffect(() => {
    // The webhook that adds the plan's credits can land just after the redirect back from checkout.
    if (paid) void refresh();
  }, [paid, refresh]);

  return (
    <Container size="lg" py={40}>
      <PageMeta title="Dashboard" description="Your credits, plan and staged images." path="/dashboard" />
      <Stack gap="xl">
        {notice && (
          <Alert color="teal" title={notice.title} role="status">
            {notice.message}
          </Alert>
        )}
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>Dashboard</Title>
            <Text c="dimmed">
              {user ? dashboardGreeting(user.name, authUser, Date.now()) : 'Loading your account…'}
            </Text>
          </Stack>
          <ButtonLink
            to="/"
            size="md"
            onClick={() =>
              track('cta_click', {
                category: 'dashboard',
                cta_name: 'stage_more',
                location: 'dashboard',
                destination: '/',
              })
            }
          >
            Stage more furniture
          </ButtonLink>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="credits-title">
            <Text id="credits-title" c="dimmed" fz="sm" tt="uppercase" fw={600}>
              Credits remaining
            </Text>
            <Text fz={40} fw={800} data-testid="credits-remaining">
              {user ? user.creditsRemaining : '–'}
            </Text>
            <Text fz="sm" c="dimmed">
              1 credit stages one image. Unused credits roll over.
            </Text>
          </Card>
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="plan-title">
            <Text id="plan-title" c="dimmed" fz="sm" tt="uppercase" fw={600}>
              Your plan
            </Text>
            <Group gap="sm" align="center" my={6}>
              <Text fz={28} fw={800} data-testid="plan-name">
                {user?.planIsActive && plan ? plan.name : 'No active plan'}
              </Text>
              {user?.planIsActive && user.stripeSubscriptionStatus === 'trialing' && (
                <Badge color="grape">Free trial</Badge>
              )}
              {user?.planIsActive && user.stripeSubscriptionStatus === 'active' && <Badge color="teal">Active</Badge>}
            </Group>
            <Group>
              {user?.planIsActive ? (
                <ButtonLink to="/settings/$section" params={{ section: 'billing' }} variant="default" size="xs">
                  Manage billing
                </ButtonLink>
              ) : (
                <ButtonLink to="/pricing" variant="outline" size="xs">
                  See plans
                </ButtonLink>
              )}
            </Group>
          </Card>
        </SimpleGrid>

        <Suspense fallback={null}>
          <BooksSummarySection />
        </Suspense>

        <Stack gap="md" component="section" aria-labelledby="history-title">
          <Title order={2} id="history-title" fz="h3">
            Your staged images
          </Title>
          {authUser && <ImageEditHistory />}
        </Stack>

        <Stack gap="md" component="section" aria-labelledby="listings-title">
          <Title order={2} id="listings-title" fz="h3">
            My listings
          </Title>
          {authUser && <MyListings uid={authUser.uid} />}
        </Stack>
      </Stack>
    </Container>
  );
}
