import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Button, Fieldset, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  DESIGN_STYLES,
  FURNITURE_TYPES,
  PIECE_LIMITS,
  PIECE_STATUSES,
  PIECE_STATUS_LABELS,
  SITE_LABELS,
  type PieceFields,
} from '@flipstage/core';
import { FormMessages } from '../../app/FormMessages';
import { ListingSelect } from './ListingSelect';
import { isSoldStatus, pieceFormSchema, toPieceFields, type PieceFormValues } from './pieceForm';

const TYPE_OPTIONS = FURNITURE_TYPES.map((t) => ({ value: t.id, label: t.label }));
const STYLE_OPTIONS = DESIGN_STYLES.map((s) => ({ value: s.id, label: s.label }));
const STATUS_OPTIONS = PIECE_STATUSES.map((s) => ({ value: s, label: PIECE_STATUS_LABELS[s] }));
/** Where flippers sell: a suggestion, not a list to choose from (a yard sale is a channel too). */
const CHANNEL_SUGGESTIONS = ['FlipStage', ...Object.values(SITE_LABELS), 'In person'];

/**
 * A piece's fields (create and edit): money typed as the seller writes it and stored as cents, each
 * field's problem under it in core's words, the sale's fields once the piece is sold. A failed save
 * keeps everything typed and says why above the fields.
 */
export function PieceForm({
  defaultValues,
  submitLabel,
  onSubmit,
}: {
  defaultValues: PieceFormValues;
  submitLabel: string;
  onSubmit(fields: PieceFields): Promise<unknown>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PieceFormValues>({ resolver: zodResolver(pieceFormSchema), defaultValues });
  const sold = isSoldStatus(watch('status'));

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(toPieceFields(values));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Piece">
      <Stack gap="md">
        <FormMessages error={failure} />
        <TextInput
          label="Name"
          withAsterisk
          maxLength={PIECE_LIMITS.name}
          {...register('name')}
          error={errors.name?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Controller
            control={control}
            name="furnitureType"
            render={({ field }) => (
              <Select label="Type" data={TYPE_OPTIONS} clearable {...field} error={errors.furnitureType?.message} />
            )}
          />
          <Controller
            control={control}
            name="style"
            render={({ field }) => (
              <Select label="Style" data={STYLE_OPTIONS} clearable {...field} error={errors.style?.message} />
            )}
          />
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select
                label="Status"
                data={STATUS_OPTIONS}
                allowDeselect={false}
                {...field}
                error={errors.status?.message}
              />
            )}
          />
        </SimpleGrid>
        <Fieldset legend="Purchase">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Where it was bought" {...register('boughtFrom')} error={errors.boughtFrom?.message} />
            <TextInput label="Bought on" type="date" {...register('boughtOn')} error={errors.boughtOn?.message} />
            <TextInput
              label="Purchase price"
              inputMode="decimal"
              placeholder="45.00"
              {...register('purchase')}
              error={errors.purchase?.message}
            />
            <TextInput
              label="Hours of work"
              inputMode="decimal"
              placeholder="2.5"
              {...register('hours')}
              error={errors.hours?.message}
            />
          </SimpleGrid>
        </Fieldset>
        {sold && (
          <Fieldset legend="Sale">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Sale price"
                inputMode="decimal"
                placeholder="180.00"
                {...register('sale')}
                error={errors.sale?.message}
              />
              <Controller
                control={control}
                name="saleChannel"
                render={({ field }) => (
                  <Autocomplete
                    label="Channel"
                    data={CHANNEL_SUGGESTIONS}
                    maxLength={PIECE_LIMITS.channel}
                    {...field}
                    error={errors.saleChannel?.message}
                  />
                )}
              />
              <TextInput label="Sold on" type="date" {...register('soldOn')} error={errors.soldOn?.message} />
            </SimpleGrid>
          </Fieldset>
        )}
        <Controller
          control={control}
          name="listingId"
          render={({ field }) => <ListingSelect value={field.value} onChange={field.onChange} />}
        />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
