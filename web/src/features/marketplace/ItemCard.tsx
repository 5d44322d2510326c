import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { formatPrice, type Item } from '@flipstage/core';
import { AnchorLink } from '../../app/links';
import { AiStagedBadge, StateBadge } from './ItemBadges';
import { CARD_PHOTO_SIZES, ListingPhoto } from './ListingPhoto';
import classes from './ItemCard.module.css';

/**
 * A listing: its first photo across the card (the narrowest stored copy that fills it), price, tags
 * and state; the whole card opens the listing's page; Edit only for the owner (spec §2).
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
      {item.images[0] && (
        <Card.Section mb="sm">
          <ListingPhoto
            src={item.images[0]}
            variants={item.variants[0]}
            alt={`${item.title}, photo 1`}
            sizes={CARD_PHOTO_SIZES}
            shape="card"
          />
        </Card.Section>
      )}
      <Stack gap="sm">
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
          <StateBadge state={item.state} reserved={item.reserved} />
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
