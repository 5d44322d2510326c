import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { MergedUser } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { openBillingPortal } from '../billing/checkout';

/**
 * Billing: no active plan → /pricing; otherwise straight to the billing portal (spec §4). The
 * portal replaces this page in history, so Back from the portal lands on the page before it
 * instead of here, where it would open the portal again.
 */
export function BillingSection({ user }: { user: MergedUser }) {
  const backend = useBackend();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const startedFor = useRef(-1);

  useEffect(() => {
    if (startedFor.current === attempt) return;
    startedFor.current = attempt;
    if (!user.planIsActive) {
      void navigate({ to: '/pricing', replace: true });
      return;
    }
    setError(null);
    openBillingPortal(backend.billing, { replace: true }).catch((caught: unknown) =>
      setError(caught instanceof Error ? caught.message : String(caught)),
    );
  }, [user.planIsActive, backend, navigate, attempt]);

  return (
    <Stack gap="lg">
      <Title order={2} fz="h3">
        Billing
      </Title>
      {error ? (
        <Stack gap="sm" maw={480}>
          <Alert color="red" role="alert">
            {error}
          </Alert>
          <Group>
            <Button variant="default" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="sm">
          <Loader size="sm" aria-label="Opening the billing portal" />
          <Text>Opening the billing portal…</Text>
        </Group>
      )}
    </Stack>
  );
}
