import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Button, Chip, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import {
  buildAutoPrompt,
  DESIGN_STYLES,
  FURNITURE_TYPES,
  isDesignStyleId,
  isFurnitureTypeId,
  type PromptMode,
} from '@flipstage/core';
import {
  chooseFurnitureTypeAtom,
  chooseStyleAtom,
  customPromptAtom,
  editedPromptAtom,
  furnitureTypeAtom,
  promptEditingAtom,
  promptModeAtom,
  styleAtom,
} from './studioAtoms';
import { useStudioServices } from './studioServices';

const MODES: Array<{ value: PromptMode; label: string }> = [
  { value: 'auto', label: 'Auto Prompt' },
  { value: 'custom', label: 'Custom Prompt' },
];

function AutoPrompt() {
  const { track } = useStudioServices();
  const style = useAtomValue(styleAtom);
  const furnitureType = useAtomValue(furnitureTypeAtom);
  const chooseStyle = useSetAtom(chooseStyleAtom);
  const chooseType = useSetAtom(chooseFurnitureTypeAtom);
  const [editedPrompt, setEditedPrompt] = useAtom(editedPromptAtom);
  const [editing, setEditing] = useAtom(promptEditingAtom);
  const prompt = editedPrompt ?? buildAutoPrompt(style, furnitureType);

  return (
    <Stack gap="md">
      <div role="radiogroup" aria-labelledby="studio-style-label">
        <Text id="studio-style-label" fw={600} mb={6}>
          Design style
        </Text>
        <Chip.Group
          value={style}
          onChange={(value) => {
            if (!isDesignStyleId(value)) return;
            chooseStyle(value);
            track('design_style_selected', { category: 'staging', style: value });
          }}
        >
          <Group gap="xs">
            {DESIGN_STYLES.map((s) => (
              <Chip key={s.id} value={s.id} type="radio">
                {s.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <div role="radiogroup" aria-labelledby="studio-type-label">
        <Text id="studio-type-label" fw={600} mb={6}>
          Furniture type
        </Text>
        <Chip.Group
          value={furnitureType}
          onChange={(value) => {
            if (!isFurnitureTypeId(value)) return;
            chooseType(value);
            track('furniture_type_selected', { category: 'staging', furniture_type: value });
          }}
        >
          <Group gap="xs">
            {FURNITURE_TYPES.map((t) => (
              <Chip key={t.id} value={t.id} type="radio">
                {t.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <Textarea
        label="Generated prompt"
        value={prompt}
        readOnly={!editing}
        rows={3}
        onChange={(event) => setEditedPrompt(event.currentTarget.value)}
      />
      <Group>
        <Button variant="outline" onClick={() => setEditing(!editing)}>
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
      description="Describe the room you want behind your piece."
      placeholder="e.g. a sunlit loft with exposed brick, a jute rug and tall plants"
      value={customPrompt}
      rows={3}
      onChange={(event) => setCustomPrompt(event.currentTarget.value)}
    />
  );
}

/** Auto Prompt (style + type → editable prompt) or Custom Prompt (spec §2). */
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
      {mode === 'auto' ? <AutoPrompt /> : <CustomPrompt />}
    </Stack>
  );
}
