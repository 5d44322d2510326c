import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { z } from 'zod';
import { removalReasonSchema } from '@flipstage/core';
import { FormMessages } from '../../app/FormMessages';

type ReasonValues = z.output<typeof removalReasonSchema>;

/** Remove with a reason: the seller reads it in their email and beside the listing on their dashboard. */
export function RemoveListingDialog({
  title,
  opened,
  error,
  onClose,
  onRemove,
}: {
  /** The listing's title. */
  title: string;
  opened: boolean;
  /** The last removal's failure, shown above the field. */
  error: string | null;
  onClose: () => void;
  /** Resolves true once removed; false keeps the reason in the field beside the error. */
  onRemove: (reason: string) => Promise<boolean>;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReasonValues>({ resolver: zodResolver(removalReasonSchema), defaultValues: { reason: '' } });
  const submit = handleSubmit(async ({ reason }) => {
    if (await onRemove(reason)) reset({ reason: '' });
  });
  return (
    <Modal opened={opened} onClose={onClose} title={`Remove “${title}”`} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <FormMessages error={error} />
          <Textarea
            label="Reason the seller sees"
            description="Sent to the seller by email and shown on their dashboard."
            autosize
            minRows={3}
            withAsterisk
            {...register('reason')}
            error={errors.reason?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={isSubmitting}>
              Remove listing
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
