import { useMutation } from '@tanstack/react-query';
import { Button, Group, Text } from '@mantine/core';
import { booksCsv } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { ButtonLink } from '../../app/links';
import { saveBlob } from '../marketplaces/saveBlob';
import { localDay } from './money';

/**
 * Export CSV: the books read afresh and written as core writes them (a byte order mark, one row
 * per cost line), so the file opens cleanly in a spreadsheet. Import CSV opens the import's preview.
 */
export function CsvActions() {
  const { books } = useBackend();
  const exporting = useMutation({
    mutationFn: async () => {
      const text = booksCsv(await books.exportPieces());
      saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), `flipstage-books-${localDay()}.csv`);
    },
  });
  return (
    <Group gap="sm" align="center">
      <Button variant="default" loading={exporting.isPending} onClick={() => exporting.mutate()}>
        Export CSV
      </Button>
      <ButtonLink to="/books/import" variant="default">
        Import CSV
      </ButtonLink>
      {exporting.error && (
        <Text c="red" fz="sm" role="alert">
          The export failed: {exporting.error.message}
        </Text>
      )}
    </Group>
  );
}
