import { Select } from '@mantine/core';
import { BOOK_CURRENCIES, type BookCurrency } from '@flipstage/core';
import { useSetCurrency } from './booksQueries';

const OPTIONS = BOOK_CURRENCIES.map((c) => ({ value: c, label: c }));

/** The seller's one currency for the books: it names what every amount is in, and converts nothing. */
export function CurrencySelect({ currency }: { currency: BookCurrency }) {
  const setCurrency = useSetCurrency();
  return (
    <Select
      label="Currency of your books"
      data={OPTIONS}
      value={setCurrency.isPending ? setCurrency.variables : currency}
      onChange={(value) => value && setCurrency.mutate(value as BookCurrency)}
      allowDeselect={false}
      w={200}
      error={setCurrency.error ? 'The currency could not be changed. Try again.' : undefined}
    />
  );
}
