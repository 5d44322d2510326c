import { useEffect, useRef, useState } from 'react';
import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { findPlan } from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { notifyError } from '../../app/notify';
import { useBackend } from '../../backend/BackendContext';
import { useMergedUser } from '../../backend/session';
import { startCheckout } from '../billing/checkout';
import { ButtonLink } from '../../app/links';

/** /purchase/{planId}: an active plan goes to billing; otherwise checkout starts at once (spec §4). */
export function PurchasePage({ planId }: { planId: string }) {
  const plan = findPlan(planId);
  const backend = useBackend();
  const user = useMergedUser();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!user || started.current) return;
    started.current = true;
    if (user.planIsActive) {
      void navigate({ to: '/settings/$section', params: { section: 'billing' }, replace: true });
      return;
    }
    startCheckout(backend.billing, planId).catch((caught: unknown) => {
      const message = caught instanceof Error ? caught.message : String(caught);
      setError(message);
      notifyError(message);
    });
  }, [user, backend, planId, navigate]);

  return (
    <Container size="sm" py={64}>
      <PageMeta
        title={plan ? `Subscribe to ${plan.name}` : 'Subscribe'}
        description="Starting your FlipStage subscription."
        path={`/purchase/${planId}`}
      />
      <Stack gap="md" align="center" ta="center">
        <Title order={1}>{plan ? `Subscribe to ${plan.name}` : 'Subscribe'}</Title>
        {error ? (
          <>
            <Alert color="red" role="alert" w="100%">
              {error}
            </Alert>
            <ButtonLink to="/pricing" variant="default">
              Back to pricing
            </ButtonLink>
          </>
        ) : (
          <>
            <Loader aria-label="Starting checkout" />
            <Text c="dimmed">Taking you to secure checkout…</Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
