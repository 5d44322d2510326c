import { Checkbox, Group, Image, Stack, Text } from '@mantine/core';

/**
 * Which of the listing's photos are virtually staged: they go after the real ones and carry the
 * caption. A listing keeps no per-photo record of where each photo came from, so the seller says.
 */
export function StagedPhotosPicker(props: {
  thumbs: readonly string[];
  staged: readonly number[];
  onChange(staged: number[]): void;
}) {
  const { thumbs, staged, onChange } = props;
  if (thumbs.length === 0) return null;
  const toggle = (index: number, on: boolean) =>
    onChange(on ? [...staged, index].sort((a, b) => a - b) : staged.filter((i) => i !== index));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        Which photos are virtually staged?
      </Text>
      <Group gap="md">
        {thumbs.map((thumb, index) => (
          <Group key={thumb} gap={6} wrap="nowrap">
            <Image src={thumb} alt="" w={40} h={40} radius="sm" />
            <Checkbox
              label={`Photo ${index + 1} is virtually staged`}
              checked={staged.includes(index)}
              onChange={(event) => toggle(index, event.currentTarget.checked)}
            />
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
