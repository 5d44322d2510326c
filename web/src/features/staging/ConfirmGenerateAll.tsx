import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * Generate All's confirmation. Its own chunk, loaded when first asked: Mantine's modal brings its
 * focus trap and scroll lock, which the studio's first paint does not need (GenerateControls.tsx).
 */
export default function ConfirmGenerateAll({
  message,
  onCancel,
  onContinue,
}: {
  /** The question; null closes the dialog. */
  message: string | null;
  onCancel: () => void;
  onContinue: () => void;
}) {
  return (
    <Modal opened={message !== null} onClose={onCancel} title="Generate All" centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onContinue}>Continue</Button>
      </Group>
    </Modal>
  );
}
