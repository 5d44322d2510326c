import { useState } from 'react';
import { Alert, Container, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ModerationDecision, ReportedListing } from '@flipstage/core';
import { notifySuccess } from '../../app/notify';
import { PageMeta } from '../../app/PageMeta';
import { useDecision, useReviewQueue } from './moderationQueries';
import { RemoveListingDialog } from './RemoveListingDialog';
import { ReportedListingCard } from './ReportedListingCard';

/**
 * /admin/reports (issue 40): the listings whose reports wait for a moderator, most recently
 * reported first, each with its reports, Restore and Remove. Anyone else is told the API's refusal.
 */
export function ReportsPage() {
  const queue = useReviewQueue();
  const decision = useDecision();
  const [removing, setRemoving] = useState<ReportedListing | null>(null);

  async function decide(entry: ReportedListing, choice: ModerationDecision) {
    await decision.mutateAsync(choice);
    notifySuccess(
      choice.decision === 'restore'
        ? `“${entry.title}” is back on the marketplace. The seller was told.`
        : `“${entry.title}” was removed. The seller was told why.`,
    );
  }

  const restoreError = decision.variables?.decision === 'restore' ? decision.error?.message : undefined;
  return (
    <Container size="md" py="xl">
      <PageMeta title="Reports" description="Reported listings waiting for review." path="/admin/reports" noIndex />
      <Stack gap="lg">
        <Title order={1}>Reports</Title>
        {queue.isPending && (
          <Group gap="xs">
            <Loader size="sm" />
            <VisuallyHidden>Loading the reports</VisuallyHidden>
          </Group>
        )}
        {queue.error && (
          <Alert color="red" role="alert" title="The reports could not be loaded">
            {queue.error.message}
          </Alert>
        )}
        {restoreError && (
          <Alert color="red" role="alert">
            {restoreError}
          </Alert>
        )}
        {queue.data?.data.length === 0 && <Text c="dimmed">No reports are waiting for review.</Text>}
        {queue.data && queue.data.data.length > 0 && (
          <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reported listings">
            {queue.data.data.map((entry) => (
              <ReportedListingCard
                key={entry.itemId}
                entry={entry}
                deciding={decision.isPending && decision.variables.itemId === entry.itemId}
                // A failure shows from the mutation's state, above the list.
                onRestore={() =>
                  void decide(entry, { itemId: entry.itemId, decision: 'restore' }).catch(() => undefined)
                }
                onRemove={() => {
                  decision.reset();
                  setRemoving(entry);
                }}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <RemoveListingDialog
        title={removing?.title ?? ''}
        opened={removing !== null}
        error={decision.variables?.decision === 'remove' ? (decision.error?.message ?? null) : null}
        onClose={() => setRemoving(null)}
        onRemove={async (reason) => {
          if (!removing) return false;
          const removed = await decide(removing, { itemId: removing.itemId, decision: 'remove', reason }).then(
            () => true,
            () => false,
          );
          if (removed) setRemoving(null);
          return removed;
        }}
      />
    </Container>
  );
}
