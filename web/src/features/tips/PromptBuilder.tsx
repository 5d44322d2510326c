import { useState } from 'react';
import { Button, CopyButton, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import {
  buildAutoPrompt,
  DEFAULT_FURNITURE_TYPE,
  DEFAULT_STYLE,
  DESIGN_STYLES,
  FURNITURE_TYPES,
  isDesignStyleId,
  isFurnitureTypeId,
  type DesignStyleId,
  type FurnitureTypeId,
} from '@flipstage/core';
import { track } from '../../analytics/track';

const STYLE_OPTIONS = DESIGN_STYLES.map((s) => ({ value: s.id, label: s.label }));
const TYPE_OPTIONS = FURNITURE_TYPES.map((t) => ({ value: t.id, label: t.label }));

/** Pick a style and a furniture type, see the prompt they make, edit it and copy it. */
export function PromptBuilder() {
  const [style, setStyle] = useState<DesignStyleId>(DEFAULT_STYLE);
  const [type, setType] = useState<FurnitureTypeId>(DEFAULT_FURNITURE_TYPE);
  const [prompt, setPrompt] = useState(() => buildAutoPrompt(DEFAULT_STYLE, DEFAULT_FURNITURE_TYPE));

  function choose(nextStyle: DesignStyleId, nextType: FurnitureTypeId) {
    setStyle(nextStyle);
    setType(nextType);
    setPrompt(buildAutoPrompt(nextStyle, nextType));
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="builder-title">
      <Stack gap="md">
        <Text id="builder-title" fw={700} fz="lg">
          Try it: build a prompt
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Design style"
            data={STYLE_OPTIONS}
            value={style}
            allowDeselect={false}
            onChange={(value) => {
              if (!isDesignStyleId(value)) return;
              track('design_style_selected', { category: 'tips', style: value });
              choose(value, type);
            }}
          />
          <Select
            label="Furniture type"
            data={TYPE_OPTIONS}
            value={type}
            allowDeselect={false}
            onChange={(value) => {
              if (!isFurnitureTypeId(value)) return;
              track('furniture_type_selected', { category: 'tips', furniture_type: value });
              choose(style, value);
            }}
          />
        </SimpleGrid>
        <Textarea
          label="Prompt"
          description="Edit it freely: add materials, colours, light or props."
          value={prompt}
          onChange={(event) => setPrompt(event.currentTarget.value)}
          autosize
          minRows={4}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setPrompt(buildAutoPrompt(style, type))}>
            Reset prompt
          </Button>
          <CopyButton value={prompt}>
            {({ copied, copy }) => (
              <Button onClick={copy} color={copied ? 'teal' : undefined} variant={copied ? 'filled' : 'outline'}>
                {copied ? 'Copied' : 'Copy prompt'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Paper>
  );
}
