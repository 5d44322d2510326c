import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ListingReport, ReportedListing } from '@flipstage/core';
import { formatWhen } from '../messages/conversationText';

function ReportRow({ report }: { report: ListingReport }) {
  const about = report.about === 'listing' ? 'About the listing' : 'About a message';
  const weight = report.counts ? 'Counts toward hiding' : 'New account: does not count toward hiding';
  return (
    <li>
      <Text size="sm">{report.reason}</Text>
      <Text size="xs" c="dimmed">
        {about} · {weight} · {formatWhen(report.created_at)}
      </Text>
    </li>
  );
}

/** One listing awaiting review: what it is, why it was reported, and the two decisions. */
export function ReportedListingCard({
  entry,
  deciding,
  onRestore,
  onRemove,
}: {
  entry: ReportedListing;
  /** A decision on this listing is on its way. */
  deciding: boolean;
  onRestore: () => void;
  onRemove: () => void;
}) {
  const headingId = `reported-${entry.itemId}`;
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={entry.thumb} alt="" radius="sm" size={64}>
            <IconPhoto size={24} aria-hidden />
          </Avatar>
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Title order={2} size="h4" id={headingId}>
                {entry.title}
              </Title>
              {entry.status === 'hidden' ? (
                <Badge color="yellow" variant="filled">
                  Hidden until you decide
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  Still listed
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              Seller: {entry.sellerName ?? entry.owner}
            </Text>
            <Text size="sm" lineClamp={3}>
              {entry.description}
            </Text>
          </Stack>
        </Group>
        <Stack
          gap={6}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={`Reports of ${entry.title}`}
        >
          {entry.reports.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" aria-label={`Restore ${entry.title}`} loading={deciding} onClick={onRestore}>
            Restore
          </Button>
          <Button color="red" aria-label={`Remove ${entry.title}`} disabled={deciding} onClick={onRemove}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
