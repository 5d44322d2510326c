import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Autocomplete,
  Button,
  Center,
  Fieldset,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  EBAY_FIELD_LABELS,
  EBAY_TITLE_MAX,
  ebayPublishFormSchema,
  type EbayAspect,
  type EbayPost,
  type EbayPublishForm as FormValues,
  type EbayPublishOptions,
  type ItemDetail,
} from '@flipstage/core';
import { EbayRefused } from '../../../backend/ebay';
import { FormMessages } from '../../../app/FormMessages';
import { useEbayOptions, usePublishToEbay } from './ebayQueries';

const pick = (saved: string | undefined, choices: readonly { id: string }[]) =>
  choices.find((c) => c.id === saved)?.id ?? choices[0]?.id ?? '';

/** The form's first values: the seller's last choices where they still apply, else eBay's first offer. */
function defaults(item: ItemDetail, options: EbayPublishOptions): FormValues {
  const saved = options.saved;
  const pickup = options.fulfillmentPolicies.find((p) => p.localPickup);
  return {
    title: item.title,
    categoryId: options.categoryId ?? '',
    conditionId: options.suggestedConditionId ?? '',
    fulfillmentPolicyId: pick(saved?.fulfillmentPolicyId ?? pickup?.id, options.fulfillmentPolicies),
    paymentPolicyId: pick(saved?.paymentPolicyId, options.paymentPolicies),
    returnPolicyId: pick(saved?.returnPolicyId, options.returnPolicies),
    merchantLocationKey: pick(
      saved?.merchantLocationKey,
      options.locations.map((l) => ({ id: l.key })),
    ),
    aspectValues: options.aspects.map((a) => saved?.aspects[a.name]?.[0] ?? ''),
  };
}

function AspectField({
  aspect,
  value,
  onChange,
}: {
  aspect: EbayAspect;
  value: string;
  onChange(value: string): void;
}) {
  const common = {
    label: aspect.name,
    withAsterisk: aspect.required,
    value,
    onChange: (v: string | null) => onChange(v ?? ''),
  };
  return aspect.freeText ? (
    <Autocomplete {...common} data={aspect.values} />
  ) : (
    <Select {...common} data={aspect.values} clearable={!aspect.required} />
  );
}

/**
 * Publish the listing on eBay: the suggested category (another may be chosen), the item specifics
 * and conditions that category takes, the seller's own eBay policies and location. eBay's refusals
 * land on the fields they are about; the FlipStage listing is never changed by a publish.
 */
export function EbayPublishForm(props: {
  item: ItemDetail;
  staged: readonly number[] | undefined;
  onPublished(post: EbayPost): void;
}) {
  const { item, staged, onPublished } = props;
  const [categoryId, setCategoryId] = useState<string | undefined>(undefined);
  const options = useEbayOptions(item.id, categoryId, true);
  const publish = usePublishToEbay(item.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(ebayPublishFormSchema) });
  const { register, control, handleSubmit, reset, setError, getValues, formState } = form;
  const data = options.data;

  // New choices (a category's aspects and conditions) reset the form, keeping what the seller typed.
  useEffect(() => {
    if (!data) return;
    const typed = getValues();
    const first = defaults(item, data);
    reset(typed.categoryId ? { ...first, title: typed.title, ...keptPolicies(typed) } : first);
  }, [data, item, reset, getValues]);

  const categories = useMemo(() => data?.categories.map((c) => ({ value: c.id, label: c.path })) ?? [], [data]);
  if (options.error)
    return (
      <Alert color="red" role="alert">
        {options.error.message}
      </Alert>
    );
  if (!data) {
    return (
      <Center py="md">
        <Loader size="sm" />
        <VisuallyHidden>Loading your eBay choices</VisuallyHidden>
      </Center>
    );
  }

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const missing = data.aspects.filter((a, i) => a.required && !values.aspectValues[i]?.trim());
    if (missing.length) {
      setError('aspectValues', {
        message: `Fill in ${missing.map((a) => `“${a.name}”`).join(', ')}: eBay needs ${missing.length === 1 ? 'it' : 'them'} in this category.`,
      });
      return;
    }
    const aspects = Object.fromEntries(
      data.aspects.flatMap((a, i) =>
        values.aspectValues[i]?.trim() ? [[a.name, [values.aspectValues[i]!.trim()]]] : [],
      ),
    );
    const { aspectValues: _values, ...choices } = values;
    try {
      onPublished(
        await publish.mutateAsync({
          ...choices,
          aspects,
          itemId: item.id,
          ...(staged ? { stagedPhotos: [...staged] } : {}),
        }),
      );
    } catch (error) {
      if (!(error instanceof EbayRefused)) return setFailure(error instanceof Error ? error.message : String(error));
      setFailure(error.message);
      for (const [field, problem] of Object.entries(error.fields)) {
        if (field === 'aspects') setError('aspectValues', { message: problem });
        else if (field === 'photos' || field === 'price')
          setFailure(`${error.message} ${EBAY_FIELD_LABELS[field]}: ${problem}`);
        else setError(field as keyof FormValues, { message: problem });
      }
    }
  });

  const errors = formState.errors;
  const policyField = (
    name: 'fulfillmentPolicyId' | 'paymentPolicyId' | 'returnPolicyId',
    list: { id: string; name: string }[],
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={EBAY_FIELD_LABELS[name]}
          withAsterisk
          data={list.map((p) => ({ value: p.id, label: p.name }))}
          value={field.value ?? null}
          onChange={(v) => field.onChange(v ?? '')}
          error={errors[name]?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Publish to eBay">
      <Stack gap="sm">
        <FormMessages error={failure} />
        <TextInput
          label="Title on eBay"
          description={`At most ${EBAY_TITLE_MAX} characters.`}
          withAsterisk
          {...register('title')}
          error={errors.title?.message}
        />
        <Controller
          control={control}
          name="categoryId"
          render={({ field }) => (
            <Select
              label={EBAY_FIELD_LABELS.categoryId}
              description="eBay’s suggestions for this piece."
              withAsterisk
              data={categories}
              value={field.value ?? null}
              onChange={(v) => {
                field.onChange(v ?? '');
                if (v) setCategoryId(v);
              }}
              error={errors.categoryId?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="conditionId"
          render={({ field }) => (
            <Select
              label={EBAY_FIELD_LABELS.conditionId}
              description="The conditions eBay allows in this category."
              withAsterisk
              data={data.conditions.map((c) => ({ value: c.id, label: c.label }))}
              value={field.value ?? null}
              onChange={(v) => field.onChange(v ?? '')}
              error={errors.conditionId?.message}
            />
          )}
        />
        {data.aspects.length > 0 && (
          <Fieldset legend={EBAY_FIELD_LABELS.aspects}>
            <Stack gap="xs">
              {errors.aspectValues?.message && (
                <Text c="red" size="sm" role="alert">
                  {errors.aspectValues.message}
                </Text>
              )}
              {data.aspects.map((aspect, index) => (
                <Controller
                  key={aspect.name}
                  control={control}
                  name={`aspectValues.${index}`}
                  render={({ field }) => (
                    <AspectField aspect={aspect} value={field.value ?? ''} onChange={field.onChange} />
                  )}
                />
              ))}
            </Stack>
          </Fieldset>
        )}
        {data.fulfillmentPolicies.length === 0 ? (
          <Alert color="yellow">
            You have no pickup or delivery policy on eBay yet. Add one in your eBay account’s business policies, then
            come back.
          </Alert>
        ) : (
          policyField('fulfillmentPolicyId', data.fulfillmentPolicies)
        )}
        {policyField('paymentPolicyId', data.paymentPolicies)}
        {policyField('returnPolicyId', data.returnPolicies)}
        <Controller
          control={control}
          name="merchantLocationKey"
          render={({ field }) => (
            <Select
              label={EBAY_FIELD_LABELS.merchantLocationKey}
              withAsterisk
              data={data.locations.map((l) => ({ value: l.key, label: l.name }))}
              value={field.value ?? null}
              onChange={(v) => field.onChange(v ?? '')}
              error={errors.merchantLocationKey?.message}
            />
          )}
        />
        <Text size="xs" c="dimmed">
          {item.images.length === 1
            ? 'Its 1 photo goes with it.'
            : `Its ${item.images.length} photos go with it, the real ones first.`}
        </Text>
        <Button type="submit" loading={formState.isSubmitting} style={{ alignSelf: 'flex-start' }}>
          Publish on eBay
        </Button>
      </Stack>
    </form>
  );
}

/** The seller's policy and location choices, kept when another category reloads the form. */
function keptPolicies(values: FormValues): Partial<FormValues> {
  const { fulfillmentPolicyId, paymentPolicyId, returnPolicyId, merchantLocationKey } = values;
  return { fulfillmentPolicyId, paymentPolicyId, returnPolicyId, merchantLocationKey };
}
