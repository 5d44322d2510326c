import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Button, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconBrushOff } from '@tabler/icons-react';
import {
  applyStrokesAtom,
  brushSizeAtom,
  canUndoStrokeAtom,
  markToolAtom,
  undoStrokeAtom,
  type MarkTool,
} from './brushAtoms';
import { BRUSH_SIZES, countCells } from './brushPainting';
import type { StudioImage } from './studioState';

const TOOLS: { value: MarkTool; label: string }[] = [
  { value: 'mark', label: 'Tap or box' },
  { value: 'erase', label: 'Erase' },
  { value: 'restore', label: 'Restore' },
];

/** Words for the strokes on a photo, for the card and screen readers. */
function describeStrokes(image: StudioImage): string {
  const { keep, drop } = countCells(image.strokes);
  if (keep + drop === 0) return 'Nothing painted yet.';
  const share = (n: number) => `${Math.max(1, Math.round((n / image.strokes!.cells.length) * 100))}%`;
  const parts = [keep > 0 && `${share(keep)} of the photo kept`, drop > 0 && `${share(drop)} erased`];
  return `${parts.filter(Boolean).join(', ')}.`;
}

/**
 * While marking: the tool a press on the photo uses (tap or box the piece, or the brush to erase
 * or restore parts), the brush's size, and Undo stroke and Clear brush for the photo's strokes.
 */
export function BrushControls({ image, disabled }: { image: StudioImage; disabled: boolean }) {
  const [tool, setTool] = useAtom(markToolAtom);
  const [size, setSize] = useAtom(brushSizeAtom);
  const canUndo = useAtomValue(canUndoStrokeAtom)(image.id);
  const undo = useSetAtom(undoStrokeAtom);
  const applyStrokes = useSetAtom(applyStrokesAtom);
  const brushing = tool !== 'mark';
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap" align="center">
        <SegmentedControl
          size="xs"
          aria-label="Marking tool"
          data={TOOLS}
          value={tool}
          onChange={(value) => setTool(value as MarkTool)}
          disabled={disabled}
        />
        {brushing && (
          <Group gap={8} wrap="nowrap" style={{ flex: '1 1 9rem', minWidth: '9rem', maxWidth: '16rem' }}>
            <Text size="xs" c="dimmed" component="span" aria-hidden>
              Size
            </Text>
            <Slider
              style={{ flex: 1 }}
              size="sm"
              min={BRUSH_SIZES.min}
              max={BRUSH_SIZES.max}
              value={size}
              onChange={setSize}
              label={null}
              thumbLabel="Brush size"
              disabled={disabled}
            />
          </Group>
        )}
      </Group>
      {(brushing || image.strokes) && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowBackUp size={14} aria-hidden />}
            disabled={disabled || !canUndo}
            onClick={() => undo(image.id)}
          >
            Undo stroke
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconBrushOff size={14} aria-hidden />}
            disabled={disabled || image.strokes === null}
            onClick={() => applyStrokes(image.id, null)}
          >
            Clear brush
          </Button>
          <Text size="xs" c="dimmed">
            {describeStrokes(image)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
