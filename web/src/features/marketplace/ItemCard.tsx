import { Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconSparkles } from '@tabler/icons-react';
import type { Item } from '@flipstage/core';

const priceFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatPrice(price: number): string {
  return priceFormat.format(price);
}

/** A listing: its 128×128 thumbnails, price, tags and state; Edit only for the owner (spec §2). */
export function ItemCard({ item, canEdit, onEdit }: { item: Item; canEdit: boolean; onEdit: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`item-${item.id}-title`}>
      <Stack gap="sm">
        {item.thumbs.length > 0 && (
          <Group gap={6}>
            {item.thumbs.map((thumb, i) => (
              <Image
                key={thumb}
                src={thumb}
                alt={`${item.title}, photo ${i + 1}`}
                w={128}
                h={128}
                fit="cover"
                radius="sm"
              />
            ))}
          </Group>
        )}
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={`item-${item.id}-title`}>
            {item.title}
          </Title>
          <Text fw={700} size="lg">
            {formatPrice(item.price)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {item.description}
        </Text>
        <Group gap={6}>
          <Badge color={item.state === 'sold' ? 'dark' : 'teal'} variant="filled">
            {item.state === 'sold' ? 'Sold' : 'Active'}
          </Badge>
          {item.aiStaged && (
            <Badge color="violet" variant="light" leftSection={<IconSparkles size={12} aria-hidden />}>
              AI-staged
            </Badge>
          )}
          {item.tags.map((tag) => (
            <Badge key={tag} variant="outline" color="gray">
              {tag}
            </Badge>
          ))}
        </Group>
        {canEdit && (
          <Group justify="flex-end">
            <Button
              variant="outline"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEdit}
              aria-label={`Edit ${item.title}`}
            >
              Edit
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
