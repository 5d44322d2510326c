import { useAtomValue, useSetAtom } from 'jotai';
import { Alert, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconEraser, IconSofa, IconPointer } from '@tabler/icons-react';
import type { PreviewVerdict } from '@flipstage/core';
import {
  currentJudgement,
  isMarked,
  judgementsAtom,
  markingAtom,
  previewingAtom,
  setMarkingAtom,
} from './previewAtoms';
import { studioAtom } from './studioAtoms';
import { setMark, type StudioImage } from './studioState';
import { markToolAtom, type MarkTool } from './brushAtoms';
import { BrushControls } from './BrushControls';
import { describeHint } from './markGeometry';
import { markingHelpId } from './SubjectMarker';
import { FailureNotice } from './FailureNotice';
import { useGeneration } from './useGeneration';

const MARKING_HELP: Record<MarkTool, string> = {
  mark: 'Tap the piece or drag a box around it. With a keyboard: arrow keys place and move the mark, Shift with arrow keys resizes the box, Delete clears it.',
  erase:
    'Paint over what is not part of the piece to erase it. With a keyboard: arrow keys move the brush (Shift for bigger steps), Space or Enter paints.',
  restore:
    'Paint over parts of the piece the outline misses to keep them. With a keyboard: arrow keys move the brush (Shift for bigger steps), Space or Enter paints.',
};

const VERDICT_TITLES: Record<Exclude<PreviewVerdict, 'ok'>, { title: string; color: string }> = {
  unsure: { title: 'Which piece should we stage?', color: 'yellow' },
  'not-furniture': { title: 'This does not look like furniture', color: 'red' },
  'no-subject': { title: 'No piece found', color: 'orange' },
};

/**
 * Under the selected photo: marking the piece (a toggle and a clear button, the keyboard help),
 * what the engine made of the photo, before a credit is spent or after a refusal, and why its
 * last staging failed, with a Retry where that can help.
 */
export function PhotoCheck({ image }: { image: StudioImage }) {
  const judgement = currentJudgement(useAtomValue(judgementsAtom), image);
  const checking = useAtomValue(previewingAtom)[image.id] !== undefined;
  const marking = useAtomValue(markingAtom).has(image.id);
  const setMarking = useSetAtom(setMarkingAtom);
  const setStudio = useSetAtom(studioAtom);
  const tool = useAtomValue(markToolAtom);
  const imageNumber = useAtomValue(studioAtom).images.findIndex((img) => img.id === image.id) + 1;
  const { retry } = useGeneration();
  const busy = image.status === 'processing';
  // The seller's mark or word sets the classifier's "not furniture" aside: the photo is staged.
  const vetoed = judgement?.verdict === 'not-furniture' && !image.confirmedFurniture && !isMarked(image);
  const said =
    judgement && judgement.verdict !== 'ok' && judgement.message && (vetoed || judgement.verdict !== 'not-furniture')
      ? { ...VERDICT_TITLES[judgement.verdict], message: judgement.message }
      : null;
  // A refusal the engine explained became the verdict above (refusals.ts): said once, not twice.
  const failure = !busy && image.failure && image.failure.message !== said?.message ? image.failure : null;

  return (
    <Stack gap="xs" mt="xs">
      {said && (
        <Alert variant="light" color={said.color} title={said.title} icon={<IconAlertTriangle size={18} aria-hidden />}>
          {said.message}
          {vetoed && (
            <Button
              display="block"
              mt="xs"
              size="xs"
              color="red"
              variant="outline"
              leftSection={<IconSofa size={14} aria-hidden />}
              disabled={busy}
              onClick={() => setStudio((s) => setMark(s, image.id, { confirmedFurniture: true }))}
            >
              It is furniture: stage it
            </Button>
          )}
        </Alert>
      )}
      {failure && <FailureNotice failure={failure} imageNumber={imageNumber} onRetry={() => void retry(image.id)} />}
      <Group gap="xs">
        <Button
          size="xs"
          variant={marking ? 'filled' : 'light'}
          leftSection={<IconPointer size={14} aria-hidden />}
          aria-pressed={marking}
          disabled={busy}
          onClick={() => setMarking(image.id, !marking)}
        >
          Mark the piece
        </Button>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconEraser size={14} aria-hidden />}
          disabled={busy || image.subject === null}
          onClick={() => setStudio((s) => setMark(s, image.id, { subject: null }))}
        >
          Clear the mark
        </Button>
        <Text size="xs" c="dimmed" aria-live="polite">
          {checking ? 'Checking the photo…' : ''}
        </Text>
      </Group>
      {marking && <BrushControls image={image} disabled={busy} />}
      {marking && (
        <Text id={markingHelpId(image.id)} size="xs" c="dimmed">
          {MARKING_HELP[tool]}
        </Text>
      )}
      <VisuallyHidden aria-live="polite">{image.subject ? describeHint(image.subject) : ''}</VisuallyHidden>
    </Stack>
  );
}
