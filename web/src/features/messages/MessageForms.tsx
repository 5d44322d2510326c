import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { offerSchema, reportSchema, sendMessageSchema } from '@flipstage/core';

const reasonSchema = reportSchema.pick({ reason: true });

type MessageValues = z.output<typeof sendMessageSchema>;
type OfferInput = z.input<typeof offerSchema>;
type OfferValues = z.output<typeof offerSchema>;
type ReasonValues = z.output<typeof reasonSchema>;

/** What a form's submit does; a rejection's message shows above the fields and the input stays. */
type Submit<T> = (values: T) => Promise<unknown>;

function useSubmitError() {
  const [error, setError] = useState<string | null>(null);
  const run = async <T,>(submit: Submit<T>, values: T): Promise<boolean> => {
    setError(null);
    try {
      await submit(values);
      return true;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return false;
    }
  };
  return { error, run };
}

function SubmitError({ error }: { error: string | null }) {
  return error ? (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  ) : null;
}

/** The conversation's composer: "Message" and "Send"; the text is cleared only once it is sent. */
export function Composer({ onSend, disabled = false }: { onSend: Submit<string>; disabled?: boolean }) {
  const { error, run } = useSubmitError();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<MessageValues>({ resolver: zodResolver(sendMessageSchema), defaultValues: { text: '' } });
  const submit = handleSubmit(async ({ text }) => {
    if (await run(onSend, text)) reset({ text: '' });
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Write a message">
      <Stack gap="xs">
        <SubmitError error={error} />
        <Textarea
          label="Message"
          autosize
          minRows={2}
          maxRows={8}
          disabled={disabled}
          {...register('text')}
          error={errors.text?.message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={disabled}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface DialogProps<T> {
  opened: boolean;
  onClose: () => void;
  onSubmit: Submit<T>;
}

/** "Make an offer": a price, and a note if the buyer wants one. */
export function OfferDialog({ opened, onClose, onSubmit }: DialogProps<OfferValues>) {
  const { error, run } = useSubmitError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OfferInput, unknown, OfferValues>({ resolver: zodResolver(offerSchema), defaultValues: { text: '' } });
  const submit = handleSubmit(async (values) => {
    if (await run(onSubmit, { ...values, text: values.text?.trim() || undefined })) onClose();
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Make an offer" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <SubmitError error={error} />
          <TextInput
            label="Price"
            inputMode="decimal"
            leftSection="$"
            withAsterisk
            {...register('price')}
            error={errors.price?.message}
          />
          <Textarea label="Note" autosize minRows={2} {...register('text')} error={errors.text?.message} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Send offer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The first message to a seller, from the listing page. */
export function FirstMessageDialog({ opened, onClose, onSubmit }: DialogProps<string>) {
  const { error, run } = useSubmitError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<MessageValues>({
    resolver: zodResolver(sendMessageSchema),
    defaultValues: { text: 'Hi, is this still available?' },
  });
  const submit = handleSubmit(async ({ text }) => {
    if (await run(onSubmit, text)) onClose();
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Message seller" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <SubmitError error={error} />
          <Textarea label="Message" autosize minRows={3} {...register('text')} error={errors.text?.message} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Report listing" or "Report message": what is wrong, in the reporter's words. */
export function ReportDialog({ title, opened, onClose, onSubmit }: DialogProps<string> & { title: string }) {
  const { error, run } = useSubmitError();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReasonValues>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const submit = handleSubmit(async ({ reason }) => {
    if (await run(onSubmit, reason)) {
      reset({ reason: '' });
      onClose();
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <SubmitError error={error} />
          <Textarea
            label="Reason"
            description="What is wrong? We review every report."
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
              Send report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
