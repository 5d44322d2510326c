import { Alert } from '@mantine/core';

/** A form's outcome above its fields: the failure as an alert, the success as a status (spec §8). */
export function FormMessages({ error, success }: { error?: string | null | undefined; success?: string | null }) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {success && (
        <Alert color="teal" role="status">
          {success}
        </Alert>
      )}
    </>
  );
}
