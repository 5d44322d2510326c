import { Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { Item } from '@flipstage/core';
import { AnchorLink } from '../../app/links';
import { AiStagedBadge, StateBadge } from './ItemBadges';
import { formatPrice } from './price';
import classes from './ItemCard.module.css';

/**
 * A listing: its 128×128 thumbnails, price, tags and state; the whole card opens the listing's
 * page; Edit only for the owner (spec §2).
 */
export function ItemCard({ item, canEdit, onEdit }: { item: Item; canEdit: boolean; onEdit: () => void }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={`item-${item.id}-title`}
      className={classes.card}
    >
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
            <AnchorLink
              to="/marketplace/$id"
              params={{ id: item.id }}
              inherit
              c="inherit"
              underline="hover"
              className={classes.titleLink}
            >
              {item.title}
            </AnchorLink>
          </Title>
          <Text fw={700} size="lg">
            {formatPrice(item.price)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {item.description}
        </Text>
        <Group gap={6}>
          <StateBadge state={item.state} />
          {item.aiStaged && <AiStagedBadge />}
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
              className={classes.edit}
            >
              Edit
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
