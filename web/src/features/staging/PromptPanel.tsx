import { useId } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Button, Chip, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import {
  buildAutoPrompt,
  DESIGN_STYLES,
  FURNITURE_TYPES,
  isDesignStyleId,
  isFurnitureTypeId,
  type PromptMode,
} from '@flipstage/core';
import {
  applyChoiceToAllAtom,
  currentChoiceAtom,
  customPromptAtom,
  promptEditingAtom,
  promptModeAtom,
  studioAtom,
  updateChoiceAtom,
} from './studioAtoms';
import { changeChoice, selectedImage, type StudioImage } from './studioState';
import { track } from '../../analytics/track';

const MODES: Array<{ value: PromptMode; label: string }> = [
  { value: 'auto', label: 'Auto Prompt' },
  { value: 'custom', label: 'Custom Prompt' },
];

/**
 * Chips that are one radio group: sharing a name makes the group a single tab stop whose arrow
 * keys move and select, where 16 separate chips were 16 stops on the way to Generate.
 */
function ChipRadioGroup({
  label,
  options,
  value,
  onChange,
  disabled,
  describedBy,
}: {
  label: string;
  options: ReadonlyArray<{ id: string; label: string }>;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  describedBy: string;
}) {
  const name = useId();
  const labelId = `${name}-label`;
  return (
    <div role="radiogroup" aria-labelledby={labelId} aria-describedby={describedBy}>
      <Text id={labelId} fw={600} mb={6}>
        {label}
      </Text>
      <Chip.Group value={value} onChange={onChange}>
        <Group gap="xs">
          {options.map((option) => (
            <Chip key={option.id} value={option.id} type="radio" name={name} disabled={disabled}>
              {option.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}

/** Whose style and type the choosers show, for the sighted and, as the groups' description, for screen readers. */
function choiceScope(image: StudioImage | null, n: number): string {
  if (!image) return 'New photos start with this style and type.';
  if (image.status === 'processing') return `Image ${n} is being staged with this style and type.`;
  return `Style and type for image ${n}.`;
}

/** The selected photo's own style and type, or the default for new photos while the strip is empty. */
function PhotoChoice() {
  const studio = useAtomValue(studioAtom);
  const choice = useAtomValue(currentChoiceAtom);
  const updateChoice = useSetAtom(updateChoiceAtom);
  const applyToAll = useSetAtom(applyChoiceToAllAtom);
  const scopeId = useId();
  const image = selectedImage(studio);
  const staging = image?.status === 'processing';
  const n = (studio.selectedIndex ?? 0) + 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text id={scopeId} size="sm" c="dimmed">
          {choiceScope(image, n)}
        </Text>
        {studio.images.length > 1 && (
          <Button variant="subtle" size="xs" leftSection={<IconCopy size={14} aria-hidden />} onClick={applyToAll}>
            Apply to all images
          </Button>
        )}
      </Group>
      <ChipRadioGroup
        label="Design style"
        options={DESIGN_STYLES}
        value={choice.style}
        disabled={staging}
        describedBy={scopeId}
        onChange={(value) => {
          if (!isDesignStyleId(value)) return;
          updateChoice((current) => changeChoice(current, { style: value }));
          track('design_style_selected', { category: 'staging', style: value });
        }}
      />
      <ChipRadioGroup
        label="Furniture type"
        options={FURNITURE_TYPES}
        value={choice.furnitureType}
        disabled={staging}
        describedBy={scopeId}
        onChange={(value) => {
          if (!isFurnitureTypeId(value)) return;
          updateChoice((current) => changeChoice(current, { furnitureType: value }));
          track('furniture_type_selected', { category: 'staging', furniture_type: value });
        }}
      />
    </Stack>
  );
}

/** The selected photo's prompt, built from its style and type unless edited. */
function AutoPrompt() {
  const studio = useAtomValue(studioAtom);
  const choice = useAtomValue(currentChoiceAtom);
  const updateChoice = useSetAtom(updateChoiceAtom);
  const [editing, setEditing] = useAtom(promptEditingAtom);
  const staging = selectedImage(studio)?.status === 'processing';
  const prompt = choice.editedPrompt ?? buildAutoPrompt(choice.style, choice.furnitureType);

  return (
    <Stack gap="md">
      <Textarea
        label="Generated prompt"
        value={prompt}
        readOnly={!editing || staging}
        rows={3}
        onChange={(event) => {
          const editedPrompt = event.currentTarget.value;
          updateChoice((current) => ({ ...current, editedPrompt }));
        }}
      />
      <Group>
        <Button variant="outline" disabled={staging} onClick={() => setEditing(!editing)}>
          {editing ? 'Done Editing' : 'Edit Prompt'}
        </Button>
      </Group>
    </Stack>
  );
}

function CustomPrompt() {
  const [customPrompt, setCustomPrompt] = useAtom(customPromptAtom);
  return (
    <Textarea
      label="Custom prompt"
      description="Describe the room you want behind your pieces. Every photo uses this prompt."
      placeholder="e.g. a sunlit loft with exposed brick, a jute rug and tall plants"
      value={customPrompt}
      rows={3}
      onChange={(event) => setCustomPrompt(event.currentTarget.value)}
    />
  );
}

/**
 * Auto Prompt (style + type → editable prompt) or Custom Prompt (spec §2). The style and type
 * choosers show in both modes: the room and the piece's size follow each photo's own even when
 * the prompt is the user's.
 */
export function PromptPanel() {
  const [mode, setMode] = useAtom(promptModeAtom);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Prompt mode"
        data={MODES}
        value={mode}
        onChange={(value) => setMode(value === 'custom' ? 'custom' : 'auto')}
      />
      <PhotoChoice />
      {mode === 'auto' ? <AutoPrompt /> : <CustomPrompt />}
    </Stack>
  );
}
