import { Button, Group, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { recordPostSchema, SITE_LABELS, type KitSite, type RecordPostRequest } from '@flipstage/core';
import { useRecordPost } from './marketplacesQueries';

/**
 * "Posted at <URL>": the address of the seller's post on the site, checked by core's schema (on
 * that site's domain) before it is sent, and by the API again. A refusal shows under the field and
 * leaves what was typed in it.
 */
export function PostedAtForm({ itemId, site, url }: { itemId: string; site: KitSite; url: string | null }) {
  const record = useRecordPost(itemId);
  const label = SITE_LABELS[site];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RecordPostRequest>({
    resolver: zodResolver(recordPostSchema),
    defaultValues: { itemId, site, url: url ?? '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await record.mutateAsync(values);
    } catch (error) {
      setError('url', { message: error instanceof Error ? error.message : String(error) });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          flex={1}
          label={`Posted at (the address of your post on ${label})`}
          placeholder={`https://… on ${label}`}
          inputMode="url"
          {...register('url')}
          error={errors.url?.message}
        />
        <Button type="submit" mt={25} loading={record.isPending} aria-label={`Save where it is posted on ${label}`}>
          Save
        </Button>
      </Group>
    </form>
  );
}
