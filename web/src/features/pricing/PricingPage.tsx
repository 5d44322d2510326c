import { Accordion, Alert, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { MESSAGES, PLANS } from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { SUPPORT_EMAIL } from '../../backend/config';
import { track } from '../../analytics/track';
import { PlanCard } from './PlanCard';
import { LogoStrip } from './LogoStrip';
import { faqStructuredData, PRICING_FAQ } from './faq';
import { usePlanSelection } from './usePlanSelection';

const TRIAL_PLAN = PLANS.find((p) => p.popular) ?? PLANS[0];

export function PricingPage() {
  const { selectPlan, error, pendingPlan } = usePlanSelection();

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
            Pay monthly, cancel any time, and keep every unused credit. Every plan starts with a free trial.
          </Text>
          <Group gap="sm" justify="center">
            <Button size="md" onClick={() => void selectPlan(TRIAL_PLAN.id)} loading={pendingPlan === TRIAL_PLAN.id}>
              Start Your Free Trial
            </Button>
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
