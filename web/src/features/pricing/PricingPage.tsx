import { Accordion, Alert, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, PLANS } from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { priceIdConfig, SUPPORT_EMAIL } from '../../backend/config';
import { useBackend } from '../../backend/BackendContext';
import { useAuthStatus, useMergedUser } from '../../backend/session';
import { ButtonLink } from '../../app/links';
import { track } from '../../analytics/track';
import { PlanCard } from './PlanCard';
import { LogoStrip } from './LogoStrip';
import { faqStructuredData, PRICING_FAQ } from './faq';
import { usePlanSelection } from './usePlanSelection';
import { pricingOffer, type PricingOffer } from './pricingOffer';

const TRIAL_PLAN = PLANS.find((p) => p.popular) ?? PLANS[0];
const BILLING_TERMS_QUERY_KEY = ['billingTerms'] as const;
const TERMS_STALE_MS = 5 * 60_000;

function introText(offer: PricingOffer, trialDays: number | null): string {
  const terms = 'Pay monthly, cancel any time, and keep every unused credit.';
  if (offer.kind === 'subscriber') {
    const plan = PLANS.find((p) => p.id === offer.planId);
    const current = plan ? `You are on the ${plan.name} plan. ` : '';
    return `${current}Switch plans or cancel any time in the billing portal, and keep every unused credit.`;
  }
  if (offer.kind !== 'trial' || trialDays === 0) return terms;
  return trialDays === null
    ? `${terms} Every plan starts with a free trial.`
    : `${terms} Every plan starts with a ${trialDays}-day free trial.`;
}

export const CHECKOUT_CANCELLED_MESSAGE = 'Checkout was cancelled. Nothing was charged, and your plan is as it was.';

export function PricingPage({ checkoutCancelled = false }: { checkoutCancelled?: boolean }) {
  const { selectPlan, error, pendingPlan } = usePlanSelection();
  const backend = useBackend();
  const offer = pricingOffer(useAuthStatus(), useMergedUser(), priceIdConfig());
  const terms = useQuery({
    queryKey: BILLING_TERMS_QUERY_KEY,
    queryFn: () => backend.billing.billingTerms(),
    staleTime: TERMS_STALE_MS,
  });
  // Until the terms arrive the trial's length is not stated; the trial itself is the default.
  const trialDays = terms.data?.trialDays ?? null;
  const offersTrial = offer.kind === 'trial' && trialDays !== 0;

  return (
    <Container size="lg" py={48}>
      <PageMeta
        title="Pricing"
        description="FlipStage plans from $8 a month: staged furniture photos with a free trial and credits that roll over."
        path="/pricing"
      />
      <Stack gap={48}>
        <Stack gap="sm" align="center" ta="center">
          <Title order={1}>Simple plans for every flipper</Title>
          <Text c="dimmed" maw={620}>
            {introText(offer, trialDays)}
          </Text>
          <Group gap="sm" justify="center">
            {offersTrial && (
              <Button size="md" onClick={() => void selectPlan(TRIAL_PLAN.id)} loading={pendingPlan === TRIAL_PLAN.id}>
                Start Your Free Trial
              </Button>
            )}
            {offer.kind === 'subscriber' && (
              <ButtonLink to="/settings/$section" params={{ section: 'billing' }} size="md">
                Manage plan
              </ButtonLink>
            )}
            <Button
              size="md"
              variant="default"
              component="a"
              href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('FlipStage plans')}`}
              leftSection={<IconMail size={18} aria-hidden />}
              onClick={() =>
                track('cta_click', {
                  category: 'pricing',
                  cta_name: 'contact_us',
                  location: 'pricing_header',
                  destination: 'mailto',
                })
              }
            >
              Contact us
            </Button>
          </Group>
        </Stack>

        {checkoutCancelled && (
          <Alert color="blue" title="Checkout cancelled" role="status">
            {CHECKOUT_CANCELLED_MESSAGE}
          </Alert>
        )}

        {error && (
          <Alert color="red" variant="filled" role="alert">
            {MESSAGES.pricingError(error)}
          </Alert>
        )}

        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              onSelect={() => void selectPlan(plan.id)}
              loading={pendingPlan === plan.id}
              disabled={pendingPlan !== null && pendingPlan !== plan.id}
              current={offer.kind === 'subscriber' && offer.planId === plan.id}
              trialDays={offersTrial ? trialDays : null}
              action={offer.kind === 'subscriber' ? 'switch' : 'choose'}
            />
          ))}
        </SimpleGrid>

        <LogoStrip />

        <Stack gap="md" component="section" aria-labelledby="faq-title">
          <Title order={2} id="faq-title" ta="center">
            Frequently asked questions
          </Title>
          <Accordion variant="separated">
            {PRICING_FAQ.map((item, index) => (
              <Accordion.Item key={item.question} value={`faq-${index}`}>
                <Accordion.Control>{item.question}</Accordion.Control>
                <Accordion.Panel>{item.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: faqStructuredData() }} />
        </Stack>
      </Stack>
    </Container>
  );
}
