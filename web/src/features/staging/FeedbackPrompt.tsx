import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { ActionIcon, Button, Group, Modal, Text } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { MESSAGES } from '@flipstage/core';
import { studioAtom } from './studioAtoms';
import { hideFeedback } from './studioState';
import { track } from '../../analytics/track';

/** Thumbs up/down after a successful generation; thumbs down offers the prompt tips (spec §2, §4). */
export function FeedbackPrompt() {
  const visible = useAtomValue(studioAtom).feedbackVisible;
  const setStudio = useSetAtom(studioAtom);
  const navigate = useNavigate();
  const [tipsOffered, setTipsOffered] = useState(false);

  function submit(rating: 'positive' | 'negative') {
    setStudio(hideFeedback);
    track('feedback_submitted', { category: 'staging', rating });
    if (rating === 'negative') setTipsOffered(true);
  }

  return (
    <>
      {visible && (
        <Group gap="xs">
          <Text size="sm">How does this look?</Text>
          <ActionIcon variant="light" color="green" size="lg" aria-label="Thumbs up" onClick={() => submit('positive')}>
            <IconThumbUp size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="light" color="red" size="lg" aria-label="Thumbs down" onClick={() => submit('negative')}>
            <IconThumbDown size={20} aria-hidden />
          </ActionIcon>
        </Group>
      )}
      <Modal opened={tipsOffered} onClose={() => setTipsOffered(false)} title={MESSAGES.feedbackDialogTitle} centered>
        <Text>Better prompts make better rooms. Would you like a few tips on writing them?</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setTipsOffered(false)}>
            {MESSAGES.feedbackDialogDecline}
          </Button>
          <Button onClick={() => void navigate({ to: '/tips' })}>{MESSAGES.feedbackDialogAccept}</Button>
        </Group>
      </Modal>
    </>
  );
}
