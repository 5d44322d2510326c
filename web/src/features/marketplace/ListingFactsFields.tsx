/**
 * The item form's listing facts (issue 25): what buyers ask before they message. Field names and
 * messages are core's itemFormSchema's, so the form and the API refuse the same input the same way.
 */
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Group, Input, SegmentedControl, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import {
  DESIGN_STYLES,
  DIMENSION_UNITS,
  FURNITURE_TYPES,
  ITEM_CONDITION_LABELS,
  ITEM_CONDITIONS,
  MAX_PICKUP_AREA_LENGTH,
  type ItemFormInput,
  type ItemFormValues,
} from '@flipstage/core';

const CONDITION_OPTIONS = ITEM_CONDITIONS.map((value) => ({ value, label: ITEM_CONDITION_LABELS[value] }));
const STYLE_OPTIONS = DESIGN_STYLES.map((style) => ({ value: style.id, label: style.label }));
const TYPE_OPTIONS = FURNITURE_TYPES.map((type) => ({ value: type.id, label: type.label }));

const SIDES = [
  { name: 'width', label: 'Width' },
  { name: 'depth', label: 'Depth' },
  { name: 'height', label: 'Height' },
] as const;

interface FactsFieldsProps {
  control: Control<ItemFormInput, unknown, ItemFormValues>;
  register: UseFormRegister<ItemFormInput>;
  errors: FieldErrors<ItemFormInput>;
}

/** A catalogue choice that may be left empty; the empty value is sent as "not given". */
function ChoiceField({
  control,
  name,
  label,
  placeholder,
  options,
  error,
}: {
  control: FactsFieldsProps['control'];
  name: 'condition' | 'style' | 'furnitureType';
  label: string;
  placeholder: string;
  options: Array<{ value: string; label: string }>;
  error: string | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          placeholder={placeholder}
          data={options}
          clearable
          comboboxProps={{ withinPortal: false }}
          value={typeof field.value === 'string' && field.value !== '' ? field.value : null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={error}
        />
      )}
    />
  );
}

export function ListingFactsFields({ control, register, errors }: FactsFieldsProps) {
  const dimensionsError = errors.width?.message ?? errors.depth?.message ?? errors.height?.message ?? errors.unit?.message;
  return (
    <>
      <ChoiceField
        control={control}
        name="condition"
        label="Condition"
        placeholder="Choose the condition"
        options={CONDITION_OPTIONS}
        error={errors.condition?.message}
      />
      <Input.Wrapper
        label="Dimensions (W × D × H)"
        description="All three sides, or leave them empty"
        error={dimensionsError}
        id="item-dimensions"
      >
        <Group gap="xs" mt={4} align="flex-start" wrap="nowrap">
          {SIDES.map((side) => (
            <TextInput
              key={side.name}
              aria-label={side.label}
              placeholder={side.label}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.1"
              style={{ flex: 1 }}
              error={Boolean(errors[side.name])}
              {...register(side.name)}
            />
          ))}
          <Controller
            control={control}
            name="unit"
            render={({ field }) => (
              <SegmentedControl
                aria-label="Unit"
                data={[...DIMENSION_UNITS]}
                value={typeof field.value === 'string' && field.value !== '' ? field.value : 'cm'}
                onChange={field.onChange}
              />
            )}
          />
        </Group>
      </Input.Wrapper>
      <TextInput
        label="Pickup area"
        description="City, neighbourhood or postcode. Never an exact address: share that once you agree."
        maxLength={MAX_PICKUP_AREA_LENGTH}
        {...register('pickupArea')}
        error={errors.pickupArea?.message}
      />
      <Controller
        control={control}
        name="delivery"
        render={({ field }) => (
          <Switch
            label="Delivery available"
            checked={field.value === true}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            error={errors.delivery?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="vintage"
        render={({ field }) => (
          <Switch
            label="Vintage (20 years or older)"
            checked={field.value === true}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            error={errors.vintage?.message}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ChoiceField
          control={control}
          name="style"
          label="Style"
          placeholder="Choose a style"
          options={STYLE_OPTIONS}
          error={errors.style?.message}
        />
        <ChoiceField
          control={control}
          name="furnitureType"
          label="Furniture type"
          placeholder="Choose a type"
          options={TYPE_OPTIONS}
          error={errors.furnitureType?.message}
        />
      </SimpleGrid>
    </>
  );
}
