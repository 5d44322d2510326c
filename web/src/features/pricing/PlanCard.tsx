import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { formatPlanPrice, POPULAR_PLAN_LABEL, type Plan } from '@flipstage/core';

interface PlanCardProps {
  plan: Plan;
  onSelect: () => void;
  loading: boolean;
  disabled: boolean;
}

export function PlanCard({ plan, onSelect, loading, disabled }: PlanCardProps) {
  return (
    <Card
      withBorder
      shadow={plan.popular ? 'md' : 'xs'}
      padding="xl"
      radius="md"
      component="article"
      aria-labelledby={`plan-${plan.id}`}
      style={plan.popular ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between">
          <Title order={2} fz="xl" id={`plan-${plan.id}`}>
            {plan.name}
          </Title>
          {plan.popular && <Badge color="teal">{POPULAR_PLAN_LABEL}</Badge>}
        </Group>
        <Group gap={4} align="baseline">
          <Text fz={40} fw={800} lh={1}>
            {formatPlanPrice(plan)}
          </Text>
          <Text c="dimmed">/month</Text>
        </Group>
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
          variant={plan.popular ? 'filled' : 'outline'}
          fullWidth
        >
          {`Choose ${plan.name}`}
        </Button>
      </Stack>
    </Card>
  );
}
