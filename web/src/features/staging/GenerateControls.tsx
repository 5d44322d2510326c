import { lazy, Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconBulb, IconCoins, IconSparkles, IconWand } from '@tabler/icons-react';
import { MESSAGES, creditsCounterLabel, generateAllLabel, generateSelectedLabel } from '@flipstage/core';
import { studioMessageAtom } from './studioAtoms';
import { stageablePendingAtom } from './previewAtoms';
import { useGeneration } from './useGeneration';
import { useStudioSession } from './studioSession';
import { GenerationProgress } from './GenerationProgress';
import { ButtonLink } from '../../app/links';

const ConfirmGenerateAll = lazy(() => import('./ConfirmGenerateAll'));

/** Step 2: Generate Selected / Generate All, the credits counter, tips and the progress bar (spec §2). */
export function GenerateControls() {
  const session = useStudioSession();
  const stageable = useAtomValue(stageablePendingAtom);
  const studioMessage = useAtomValue(studioMessageAtom);
  // The upload's own message is shown beside the drop zone (UploadArea).
  const message = studioMessage === MESSAGES.noValidImages ? null : studioMessage;
  const { credits, loading: loadingAccount } = session;
  const { generateSelected, requestGenerateAll, confirmGenerateAll, sessionSettled } = useGeneration();
  const [confirmMessage, setConfirmMessage] = useState<string | null>(null);
  // Mounted from the first question on, so the dialog's closing transition still plays.
  const [confirmAsked, setConfirmAsked] = useState(false);

  return (
    <Stack gap="md">
      {message && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{message}</Text>
            {/* A signed-in user out of credits gets more from a plan, not from signing up again. */}
            {message === MESSAGES.needCredits && session.status === 'signedIn' && (
              <ButtonLink to="/pricing" size="xs" variant="outline" color="red">
                See plans
              </ButtonLink>
            )}
          </Group>
        </Alert>
      )}
      <Group gap="sm">
        <Button leftSection={<IconWand size={18} aria-hidden />} onClick={() => void generateSelected()}>
          {generateSelectedLabel(credits)}
        </Button>
        <Button
          variant="outline"
          leftSection={<IconSparkles size={18} aria-hidden />}
          onClick={() =>
            void sessionSettled().then(() => {
              const decision = requestGenerateAll();
              if (decision.kind !== 'confirm') return;
              setConfirmAsked(true);
              setConfirmMessage(decision.message);
            })
          }
        >
          {generateAllLabel(stageable.length)}
        </Button>
        <Badge size="lg" variant="outline" leftSection={<IconCoins size={14} aria-hidden />} role="status">
          {loadingAccount ? 'Credits: …' : creditsCounterLabel(credits, session.status === 'signedIn')}
        </Badge>
        <ButtonLink to="/tips" variant="subtle" leftSection={<IconBulb size={18} aria-hidden />}>
          See Prompt Tips
        </ButtonLink>
      </Group>
      <GenerationProgress />
      {confirmAsked && (
        <Suspense fallback={null}>
          <ConfirmGenerateAll
            message={confirmMessage}
            onCancel={() => setConfirmMessage(null)}
            onContinue={() => {
              setConfirmMessage(null);
              void confirmGenerateAll();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
