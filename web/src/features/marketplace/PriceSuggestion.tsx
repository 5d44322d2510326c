import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  DESIGN_STYLES,
  FURNITURE_TYPES,
  formatPrice,
  ITEM_CONDITION_LABELS,
  MIN_SALES_FOR_PRICE,
  priceSuggestionQuerySchema,
  type PriceSuggestion as Suggestion,
  type PriceSuggestionQuery,
} from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';

const labelOf = (list: ReadonlyArray<{ id: string; label: string }>, id: string | undefined) =>
  list.find((entry) => entry.id === id)?.label;

/** What the numbers are about: "Modern Sofa/Couch listings in good condition". */
function describe(query: PriceSuggestionQuery, suggestion: Extract<Suggestion, { kind: 'range' }>): string {
  const type = labelOf(FURNITURE_TYPES, query.furnitureType) ?? query.furnitureType;
  const style = suggestion.basis === 'type' ? '' : `${labelOf(DESIGN_STYLES, query.style) ?? ''} `;
  const condition =
    suggestion.basis === 'type-style-condition' && query.condition
      ? ` in ${ITEM_CONDITION_LABELS[query.condition].toLowerCase()} condition`
      : '';
  return `${style}${type} listings${condition}`;
}

export function suggestionText(query: PriceSuggestionQuery, suggestion: Suggestion): string {
  if (suggestion.kind === 'not-enough') {
    const sold = suggestion.sales === 1 ? '1 has sold' : `${suggestion.sales} have sold`;
    return `Not enough sales to suggest a price yet: ${sold} on FlipStage, and a suggestion needs at least ${MIN_SALES_FOR_PRICE}.`;
  }
  const { low, high, median, sales } = suggestion;
  return `Most ${describe(query, suggestion)} sold for ${formatPrice(low)}–${formatPrice(high)} on FlipStage (median ${formatPrice(median)}, from ${sales} sales).`;
}

/**
 * Issue 42: under the price, what pieces like this one sold for on FlipStage, from the type, style
 * and condition the seller chose below; never a number from fewer than MIN_SALES_FOR_PRICE sales.
 */
export function PriceSuggestion({ facts }: { facts: { furnitureType: unknown; style: unknown; condition: unknown } }) {
  const { marketplace } = useBackend();
  const { furnitureType, style, condition } = facts;
  const parsed = priceSuggestionQuerySchema.safeParse({
    furnitureType: furnitureType || undefined,
    style: style || undefined,
    condition: condition || undefined,
  });
  const asked = parsed.success ? parsed.data : null;
  const suggestion = useQuery({
    queryKey: ['priceSuggestion', furnitureType, style, condition],
    queryFn: ({ signal }) => marketplace.suggestPrice(asked!, signal),
    enabled: asked !== null,
    staleTime: 5 * 60_000,
  });
  let text = 'Choose the furniture type below to see what similar pieces sold for on FlipStage.';
  if (asked && suggestion.data) text = suggestionText(asked, suggestion.data);
  else if (asked && suggestion.isError) text = 'Recent sales could not be looked up just now.';
  else if (asked) text = 'Looking up what similar pieces sold for…';
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {text}
    </Text>
  );
}
