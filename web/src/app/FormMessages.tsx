import { Alert } from '@mantine/core';

/**
 * A form's outcome above its fields: the failure as an alert, the success as a status (spec §8),
 * with `successDetail` under the success when its words alone would say too little.
 */
export function FormMessages({
  error,
  success,
  successDetail,
}: {
  error?: string | null | undefined;
  success?: string | null;
  successDetail?: string | null;
}) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {success && (
        <Alert color="teal" role="status" title={successDetail ? success : undefined}>
          {successDetail ?? success}
        </Alert>
      )}
    </>
  );
}
