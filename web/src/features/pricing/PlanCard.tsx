import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { formatPlanPrice, POPULAR_PLAN_LABEL, type Plan } from '@flipstage/core';

export const CURRENT_PLAN_LABEL = 'Current plan';

interface PlanCardProps {
  plan: Plan;
  onSelect: () => void;
  loading: boolean;
  disabled: boolean;
  /** The signed-in user's live plan: marked, and its button manages it instead of buying it. */
  current: boolean;
  /** Shown on the card when the viewer would get a free trial with this plan. */
  trialDays: number | null;
  /** What choosing this plan does for the viewer: buy it, or switch to it from another plan. */
  action: 'choose' | 'switch';
}

export function PlanCard({ plan, onSelect, loading, disabled, current, trialDays, action }: PlanCardProps) {
  const highlighted = current || (plan.popular && action === 'choose');
  return (
    <Card
      withBorder
      shadow={highlighted ? 'md' : 'xs'}
      padding="xl"
      radius="md"
      component="article"
      aria-labelledby={`plan-${plan.id}`}
      aria-current={current || undefined}
      style={highlighted ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between">
          <Title order={2} fz="xl" id={`plan-${plan.id}`}>
            {plan.name}
          </Title>
          <Group gap={6}>
            {current && (
              <Badge color="teal" variant="filled">
                {CURRENT_PLAN_LABEL}
              </Badge>
            )}
            {plan.popular && <Badge color="teal">{POPULAR_PLAN_LABEL}</Badge>}
          </Group>
        </Group>
        <Stack gap={4}>
          <Group gap={4} align="baseline">
            <Text fz={40} fw={800} lh={1}>
              {formatPlanPrice(plan)}
            </Text>
            <Text c="dimmed">/month</Text>
          </Group>
          {trialDays !== null && trialDays > 0 && (
            <Text fw={600} c="teal.9">
              {`${trialDays}-day free trial, then ${formatPlanPrice(plan)} a month`}
            </Text>
          )}
        </Stack>
        <Text c="dimmed">{plan.description}</Text>
        <List
          spacing="xs"
          size="sm"
          style={{ flex: 1 }}
          icon={
            <ThemeIcon size={20} radius="xl" color="teal">
              <IconCheck size={14} aria-hidden />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button
          onClick={onSelect}
          loading={loading}
          disabled={disabled}
          variant={highlighted ? 'filled' : 'outline'}
          fullWidth
          // The header has its own Manage plan button; this one says which plan it manages.
          aria-label={current ? `Manage plan: ${plan.name}` : undefined}
        >
          {current ? 'Manage plan' : action === 'switch' ? `Switch to ${plan.name}` : `Choose ${plan.name}`}
        </Button>
      </Stack>
    </Card>
  );
}
