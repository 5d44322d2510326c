import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import {
  COST_CATEGORIES,
  COST_CATEGORY_LABELS,
  PIECE_LIMITS,
  type BookCurrency,
  type CostLine,
  type CostLineFields,
} from '@flipstage/core';
import { useAddCost, useRemoveCost, useUpdateCost } from './booksQueries';
import { formatMoney, centsToTyped } from './money';
import { EMPTY_COST_FORM, costFormSchema, toCostFields, type CostFormValues } from './pieceForm';

const CATEGORY_OPTIONS = COST_CATEGORIES.map((c) => ({ value: c, label: COST_CATEGORY_LABELS[c] }));

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One cost line's fields in a row; `name` tells the lines' forms apart to assistive technology. */
function CostLineForm({
  name,
  defaultValues,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  name: string;
  defaultValues: CostFormValues;
  submitLabel: string;
  onSubmit(fields: CostLineFields): Promise<unknown>;
  onCancel?: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CostFormValues>({ resolver: zodResolver(costFormSchema), defaultValues });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(toCostFields(values));
      reset(defaultValues);
    } catch (error) {
      setFailure(message(error));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={name}>
      <Stack gap="xs">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Controller
            control={control}
            name="category"
            render={({ field }) => (
              <Select
                label="Category"
                data={CATEGORY_OPTIONS}
                allowDeselect={false}
                w={150}
                {...field}
                error={errors.category?.message}
              />
            )}
          />
          <TextInput
            label="Amount"
            inputMode="decimal"
            placeholder="12.50"
            w={130}
            {...register('amount')}
            error={errors.amount?.message}
          />
          <TextInput
            label="Note"
            flex={1}
            miw={180}
            maxLength={PIECE_LIMITS.note}
            {...register('note')}
            error={errors.note?.message}
          />
          <Group gap="xs" mt={25}>
            <Button type="submit" loading={isSubmitting}>
              {submitLabel}
            </Button>
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function costLineName(line: CostLine) {
  return `${COST_CATEGORY_LABELS[line.category]}${line.note ? `: ${line.note}` : ''}`;
}

function CostLineRow({ line, currency, pieceId }: { line: CostLine; currency: BookCurrency; pieceId: string }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateCost(pieceId);
  const remove = useRemoveCost(pieceId);
  if (editing) {
    return (
      <Table.Tr>
        <Table.Td colSpan={4}>
          <CostLineForm
            name={`Edit cost line ${costLineName(line)}`}
            defaultValues={{ category: line.category, amount: centsToTyped(line.amountCents), note: line.note }}
            submitLabel="Save cost"
            onSubmit={async (fields) => {
              await update.mutateAsync({ costId: line.id, fields });
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr>
      <Table.Td>{COST_CATEGORY_LABELS[line.category]}</Table.Td>
      <Table.Td>{formatMoney(line.amountCents, currency)}</Table.Td>
      <Table.Td>{line.note}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => setEditing(true)}
            aria-label={`Edit ${costLineName(line)}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(line.id)}
            aria-label={`Remove ${costLineName(line)}`}
          >
            Remove
          </Button>
        </Group>
        {remove.error && (
          <Text c="red" fz="sm" role="alert">
            {message(remove.error)}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** A piece's cost lines, added, edited and removed in place; fees count apart from the cost. */
export function CostLines({
  pieceId,
  costs,
  currency,
}: {
  pieceId: string;
  costs: CostLine[];
  currency: BookCurrency;
}) {
  const add = useAddCost(pieceId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="cost-lines-title">
      <Text id="cost-lines-title" fw={700}>
        Cost lines
      </Text>
      {costs.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No costs yet: add materials, repairs, parts, delivery and fees as they come.
        </Text>
      ) : (
        <Table aria-labelledby="cost-lines-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Category</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {costs.map((line) => (
              <CostLineRow key={line.id} line={line} currency={currency} pieceId={pieceId} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <CostLineForm
        name="Add a cost line"
        defaultValues={EMPTY_COST_FORM}
        submitLabel="Add cost"
        onSubmit={(fields) => add.mutateAsync(fields)}
      />
    </Stack>
  );
}
