import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconMapPin, IconSearch, IconTag } from '@tabler/icons-react';
import {
  DESIGN_STYLES,
  FURNITURE_TYPES,
  ITEM_CONDITION_LABELS,
  ITEM_CONDITIONS,
  ITEM_SORT_LABELS,
  ITEM_SORTS,
  type ItemSort,
} from '@flipstage/core';
import type { ItemFilters } from '../../backend/marketplace';

const STYLE_OPTIONS = DESIGN_STYLES.map((s) => ({ value: s.id, label: s.label }));
const TYPE_OPTIONS = FURNITURE_TYPES.map((t) => ({ value: t.id, label: t.label }));
const CONDITION_OPTIONS = ITEM_CONDITIONS.map((c) => ({ value: c, label: ITEM_CONDITION_LABELS[c] }));
const SORT_OPTIONS = ITEM_SORTS.map((s) => ({ value: s, label: ITEM_SORT_LABELS[s] }));

/** The listing search's controls (issue 25): words, tag, facets, pickup area, price range, order. */
export function SearchFilters({ value, onChange }: { value: ItemFilters; onChange: (change: Partial<ItemFilters>) => void }) {
  const text = (name: keyof ItemFilters) => ({
    value: value[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange({ [name]: event.currentTarget.value }),
  });
  const choice = (name: 'style' | 'type' | 'condition') => ({
    value: value[name] || null,
    onChange: (next: string | null) => onChange({ [name]: next ?? '' }),
    clearable: true,
    placeholder: 'Any',
  });
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label="Search"
          placeholder="Dresser, walnut, mid-century…"
          leftSection={<IconSearch size={16} aria-hidden />}
          {...text('search')}
        />
        <TextInput label="Tag" placeholder="e.g. vintage" leftSection={<IconTag size={16} aria-hidden />} {...text('tag')} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Select label="Style" data={STYLE_OPTIONS} {...choice('style')} />
        <Select label="Furniture type" data={TYPE_OPTIONS} {...choice('type')} />
        <Select label="Condition" data={CONDITION_OPTIONS} {...choice('condition')} />
        <TextInput
          label="Pickup area"
          placeholder="City or postcode"
          leftSection={<IconMapPin size={16} aria-hidden />}
          {...text('area')}
        />
        <TextInput label="Min price" inputMode="decimal" placeholder="0" {...text('min')} />
        <TextInput label="Max price" inputMode="decimal" placeholder="Any" {...text('max')} />
        <Select
          label="Sort by"
          data={SORT_OPTIONS}
          value={value.sort}
          allowDeselect={false}
          onChange={(next) => onChange({ sort: (next ?? 'newest') as ItemSort })}
        />
      </SimpleGrid>
    </>
  );
}
