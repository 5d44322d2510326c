import { useId } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Button, Chip, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import {
  buildAutoPrompt,
  DESIGN_STYLES,
  findFurnitureType,
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
import { previewingAtom } from './previewAtoms';
import { suggestedTypesAtom, useLastChoice } from './lastChoice';
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

/**
 * Where the selected photo's furniture type came from, when the seller has not chosen it: the
 * engine's suggestion, or (when the engine could not tell) the seller's last type. Null when there
 * is nothing to say yet.
 */
function typeOrigin(
  image: StudioImage | null,
  suggested: Readonly<Record<string, string | null>>,
  previewing: boolean,
): string | null {
  if (!image || image.typeChosen) return null;
  if (previewing) return 'Looking at the photo to suggest its furniture type…';
  const label = findFurnitureType(image.choice.furnitureType)?.label ?? image.choice.furnitureType;
  const suggestion = suggested[image.id];
  if (suggestion === null) {
    return `The photo did not say which type this is, so it keeps your last type, ${label}. Choose another if that is wrong.`;
  }
  return suggestion === image.choice.furnitureType
    ? `${label} was suggested from the photo. Choose another type if that is wrong.`
    : null;
}

/** The selected photo's own style and type, or the default for new photos while the strip is empty. */
function PhotoChoice() {
  const studio = useAtomValue(studioAtom);
  const choice = useAtomValue(currentChoiceAtom);
  const updateChoice = useSetAtom(updateChoiceAtom);
  const applyToAll = useSetAtom(applyChoiceToAllAtom);
  const suggested = useAtomValue(suggestedTypesAtom);
  const previewing = useAtomValue(previewingAtom);
  const scopeId = useId();
  const originId = useId();
  const image = selectedImage(studio);
  const origin = typeOrigin(image, suggested, image !== null && image.id in previewing);
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
        describedBy={origin ? `${scopeId} ${originId}` : scopeId}
        onChange={(value) => {
          if (!isFurnitureTypeId(value)) return;
          updateChoice((current) => changeChoice(current, { furnitureType: value }));
          track('furniture_type_selected', { category: 'staging', furniture_type: value });
        }}
      />
      {origin && (
        <Text id={originId} size="sm" c="dimmed" mt={-8} aria-live="polite">
          {origin}
        </Text>
      )}
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
 * Auto Prompt (style + type → editable prompt) or Custom Prompt (spec §2: a free-text prompt, so
 * the style and type choosers are hidden; each photo keeps its own type for the piece's size).
 */
export function PromptPanel() {
  const [mode, setMode] = useAtom(promptModeAtom);
  useLastChoice();
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Prompt mode"
        data={MODES}
        value={mode}
        onChange={(value) => setMode(value === 'custom' ? 'custom' : 'auto')}
      />
      {mode === 'auto' ? (
        <>
          <PhotoChoice />
          <AutoPrompt />
        </>
      ) : (
        <CustomPrompt />
      )}
    </Stack>
  );
}
