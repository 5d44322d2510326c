import { useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Container, FileInput, Group, List, Stack, Text, Title } from '@mantine/core';
import { CsvSyntaxError, guessMapping, parseCsv, previewImport, type ImportMapping } from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { AnchorLink } from '../../app/links';
import { notifySuccess } from '../../app/notify';
import { useBookCurrency, useImportPieces } from './booksQueries';
import { ColumnMapping, PiecesToImport, RowErrors } from './ImportPreviewTables';

interface ChosenFile {
  name: string;
  table: string[][];
}

const NO_ROWS = 'The file has a header but no rows under it.';
const UNREADABLE = 'The file could not be read. Choose it again, or save the spreadsheet as CSV again.';

/** The file's rows, or why it cannot be read: nothing is written at this step. */
async function readTable(file: File): Promise<ChosenFile | string> {
  try {
    const table = parseCsv(await file.text());
    return table.length < 2 ? NO_ROWS : { name: file.name, table };
  } catch (error) {
    return error instanceof CsvSyntaxError ? error.message : UNREADABLE;
  }
}

const piecesText = (n: number) => (n === 1 ? '1 piece' : `${n} pieces`);

/**
 * Import CSV: choose a file, see which field each column fills (and change it), see every row's
 * problem and the pieces it would write, then "Import N pieces" writes those, all or none.
 */
export function ImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>([]);
  const currency = useBookCurrency();
  const importing = useImportPieces();
  const navigate = useNavigate();
  const preview = useMemo(() => (chosen ? previewImport(chosen.table, mapping) : null), [chosen, mapping]);

  const choose = async (next: File | null) => {
    setFile(next);
    setChosen(null);
    setUnreadable(null);
    importing.reset();
    if (!next) return;
    const read = await readTable(next);
    if (typeof read === 'string') {
      setUnreadable(read);
      return;
    }
    setMapping(guessMapping(read.table[0]!));
    setChosen(read);
  };

  // A failed import shows as "Nothing was imported" (importing.error): the driver wrote none of it.
  const accept = () => {
    if (!preview) return;
    importing.mutate(
      preview.pieces.map(({ piece, costs }) => ({ piece, costs })),
      {
        onSuccess: async ({ imported }) => {
          notifySuccess(`Imported ${piecesText(imported)}.`);
          await navigate({ to: '/books' });
        },
      },
    );
  };

  const count = preview?.pieces.length ?? 0;
  const left = preview ? new Set(preview.errors.map((e) => e.row)).size : 0;
  return (
    <Container size="lg" py={40}>
      <PageMeta title="Import CSV" description="Bring a spreadsheet of pieces into your books." path="/books/import" />
      <Stack gap="lg">
        <AnchorLink to="/books" fz="sm">
          ← Your books
        </AnchorLink>
        <Stack gap={4}>
          <Title order={1}>Import CSV</Title>
          <Text c="dimmed">
            Choose a spreadsheet saved as CSV. You will see what each column fills and every row&apos;s problems before
            anything is written.
          </Text>
        </Stack>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          fileInputProps={{ 'aria-label': 'Choose the CSV file' }}
          value={file}
          onChange={(next) => void choose(next)}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          error={unreadable}
          maw={420}
        />
        {chosen && preview && (
          <>
            <Stack gap="sm" component="section" aria-labelledby="mapping-title">
              <Title order={2} fz="h3" id="mapping-title">
                Columns
              </Title>
              <ColumnMapping
                header={chosen.table[0]!}
                sample={chosen.table[1]}
                mapping={mapping}
                onChange={setMapping}
              />
            </Stack>
            {preview.problems.length > 0 && (
              <Alert color="red" role="alert" title="Choose the columns again">
                <List size="sm">
                  {preview.problems.map((problem) => (
                    <List.Item key={problem}>{problem}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {preview.errors.length > 0 && (
              <Stack gap="sm" component="section" aria-labelledby="row-errors-title">
                <Title order={2} fz="h3" id="row-errors-title">
                  Rows with problems
                </Title>
                <Text fz="sm">
                  {left === 1
                    ? '1 row is left out of the import. Fix it'
                    : `${left} rows are left out of the import. Fix them`}{' '}
                  in the spreadsheet and choose the file again, or import the rest.
                </Text>
                <RowErrors errors={preview.errors} />
              </Stack>
            )}
            {count > 0 && currency.data && (
              <Stack gap="sm" component="section" aria-labelledby="to-import-title">
                <Title order={2} fz="h3" id="to-import-title">
                  Pieces to import
                </Title>
                <PiecesToImport pieces={preview.pieces} currency={currency.data} />
              </Stack>
            )}
            {importing.error && (
              <Alert color="red" role="alert" title="Nothing was imported">
                {importing.error.message}
              </Alert>
            )}
            <Group>
              <Button disabled={count === 0} loading={importing.isPending} onClick={accept}>
                Import {piecesText(count)}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Container>
  );
}
