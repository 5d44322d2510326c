import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, FileInput, Group, Input, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import {
  filterImageFiles,
  itemFormSchema,
  MAX_ITEM_IMAGE_BYTES,
  MAX_ITEM_UPLOAD_BYTES,
  MAX_ITEM_IMAGES,
  MAX_PRICE,
  MESSAGES,
  type Item,
  type ItemFormInput,
  type ItemFormValues,
  type ItemState,
} from '@flipstage/core';
import { BOOK_LINK_FAILED, useLinkListing } from './linkListing';
import { PieceInBooksSelect, usePieceInBooks } from './PieceInBooksSelect';
import { ImagePreviews } from './ImagePreviews';
import { ListingFactsFields } from './ListingFactsFields';
import { PriceSuggestion } from './PriceSuggestion';
import { useSaveItem } from './itemQueries';
import { shrinkForListing } from './shrinkForListing';
import { useStudioFacts } from './studioFacts';

/**
 * What the dialog starts from: an existing item, or a new one, optionally with a studio image, the
 * image edits it came from and the piece of the seller's books it lists.
 */
export type ItemDialogTarget =
  | { kind: 'create'; images: File[]; stagedFrom: string[]; editIds: string[]; pieceId: string | null }
  | { kind: 'edit'; item: Item };

const NO_FACTS_INPUT = {
  condition: '',
  width: '',
  depth: '',
  height: '',
  unit: 'cm',
  pickupArea: '',
  delivery: false,
  vintage: false,
  style: '',
  furnitureType: '',
};

function defaultValues(target: ItemDialogTarget): ItemFormInput {
  if (target.kind === 'create') return { title: '', description: '', price: '', tags: '', state: 'active', ...NO_FACTS_INPUT };
  const { item } = target;
  return {
    title: item.title,
    description: item.description,
    price: String(item.price),
    tags: item.tags.join(', '),
    state: item.state,
    condition: item.condition ?? '',
    width: item.dimensions ? String(item.dimensions.width) : '',
    depth: item.dimensions ? String(item.dimensions.depth) : '',
    height: item.dimensions ? String(item.dimensions.height) : '',
    unit: item.dimensions?.unit ?? 'cm',
    pickupArea: item.pickupArea ?? '',
    delivery: item.delivery,
    vintage: item.vintage,
    style: item.style ?? '',
    furnitureType: item.furnitureType ?? '',
  };
}

/** The images rule of spec §5 (image files only, multiple) plus the API's count and size limits. */
export function imagesError(files: readonly File[]): string | null {
  if (files.length === 0) return null;
  if (filterImageFiles(files).files.length !== files.length) return MESSAGES.itemImagesOnly;
  if (files.length > MAX_ITEM_IMAGES) return MESSAGES.tooManyFiles;
  if (files.some((f) => f.size > MAX_ITEM_IMAGE_BYTES)) return MESSAGES.fileTooLarge;
  if (files.reduce((sum, f) => sum + f.size, 0) > MAX_ITEM_UPLOAD_BYTES) return MESSAGES.listingImagesTooLarge;
  return null;
}

const STATES: Array<{ value: ItemState; label: string }> = [
  { value: 'active', label: 'Active' },
  { value: 'sold', label: 'Sold' },
];

export const LISTING_LIVE_MESSAGE = 'Your listing is live.';

/** Why the new listing could not be added to the seller's books, or null. */
type BookProblem = string | null;

function ItemForm({
  target,
  onSaved,
}: {
  target: ItemDialogTarget;
  onSaved: (item: Item, problem: BookProblem) => void;
}) {
  const save = useSaveItem();
  const creating = target.kind === 'create';
  const inBooks = usePieceInBooks(creating ? target.pieceId : null, creating);
  const linkListing = useLinkListing();
  // One key per opened form: a double click or a resend after a lost answer finds the listing it made.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [images, setImages] = useState<File[]>(target.kind === 'create' ? target.images : []);
  const [imageError, setImageError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ItemFormInput, unknown, ItemFormValues>({
    resolver: zodResolver(itemFormSchema),
    defaultValues: defaultValues(target),
  });
  const state = watch('state');
  const { requested } = inBooks;
  // Once: a refetch of the pieces must not refill a field the seller emptied.
  const prefilledFrom = useRef<string | null>(null);
  useEffect(() => {
    if (!requested || prefilledFrom.current === requested.id) return;
    prefilledFrom.current = requested.id;
    // Only what the seller has not typed yet: the piece's words never replace theirs.
    if (!getValues('title')) setValue('title', requested.name);
    if (!getValues('furnitureType') && requested.furnitureType) setValue('furnitureType', requested.furnitureType);
    if (!getValues('style') && requested.style) setValue('style', requested.style);
  }, [requested, getValues, setValue]);
  useStudioFacts(creating ? (target.editIds[0] ?? null) : null, getValues, setValue);
  // Choosing other images replaces the studio result, and with it the claim to be AI-staged.
  const stagedFrom =
    target.kind === 'create' && target.images.every((file) => images.includes(file)) ? target.stagedFrom : [];

  const submit = handleSubmit(async (values) => {
    const prepared = await Promise.all(images.map(shrinkForListing));
    const problem = imagesError(prepared);
    setImageError(problem);
    if (problem) return;
    const draft = { ...values, images: prepared, stagedFrom: prepared.length > 0 ? stagedFrom : [] };
    let item: Item;
    try {
      item = await save.mutateAsync({ id: target.kind === 'edit' ? target.item.id : null, draft, idempotencyKey });
    } catch {
      // The message is shown at the top of the form from the mutation's error; the dialog stays open.
      return;
    }
    // Like the AI-staged claim, the stagings go with the studio's images they were.
    const editIds = target.kind === 'create' && draft.stagedFrom.length > 0 ? target.editIds : [];
    onSaved(item, target.kind === 'create' ? await linkListing(inBooks.choice, item, editIds) : null);
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {save.error && (
          <Alert color="red" variant="light" role="alert">
            {save.error.message}
          </Alert>
        )}
        <TextInput label="Title" withAsterisk {...register('title')} error={errors.title?.message} />
        <Textarea
          label="Description"
          withAsterisk
          rows={4}
          {...register('description')}
          error={errors.description?.message}
        />
        <TextInput
          label="Price"
          withAsterisk
          type="number"
          inputMode="decimal"
          min={0}
          max={MAX_PRICE}
          step="0.01"
          leftSection="$"
          {...register('price')}
          error={errors.price?.message}
        />
        <PriceSuggestion
          facts={{ furnitureType: watch('furnitureType'), style: watch('style'), condition: watch('condition') }}
        />
        <TextInput
          label="Tags"
          description="Comma-separated, e.g. dresser, walnut, mid-century"
          {...register('tags')}
          error={errors.tags?.message}
        />
        <ListingFactsFields control={control} register={register} errors={errors} />
        <FileInput
          label="Images"
          description={
            target.kind === 'edit' && target.item.images.length > 0
              ? 'New images replace the current ones; leave empty to keep them.'
              : `Up to ${MAX_ITEM_IMAGES} images.`
          }
          placeholder="Choose images"
          multiple
          // Pickers that do not count HEIC among image/* would hide an iPhone's photos.
          accept="image/*,.heic,.heif"
          clearable
          fileInputProps={{ 'aria-label': 'Image files' }}
          value={images}
          onChange={(files) => {
            setImages(files);
            setImageError(imagesError(files));
          }}
          error={imageError}
        />
        {images.length > 0 && <ImagePreviews files={images} />}
        {creating && <PieceInBooksSelect pieces={inBooks.pieces} value={inBooks.choice} onChange={inBooks.setChoice} />}
        <Input.Wrapper label="State" id="item-state">
          <Group gap="xs" mt={4} role="group" aria-labelledby="item-state-label">
            {STATES.map((option) => (
              <Button
                key={option.value}
                variant={state === option.value ? 'filled' : 'default'}
                aria-pressed={state === option.value}
                onClick={() => setValue('state', option.value)}
              >
                {option.label}
              </Button>
            ))}
          </Group>
        </Input.Wrapper>
        <Group justify="flex-end">
          {/* Loading also disables it, from the first click: preparing the photos comes before the request. */}
          <Button type="submit" loading={isSubmitting || save.isPending}>
            {target.kind === 'edit' ? 'Save Changes' : 'Create Listing'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The item dialog (spec §2): create or edit; save failures keep it open with the message on top.
 * A new listing takes its seller to its page, saying it is live.
 */
export function ItemFormDialog({ target, onClose }: { target: ItemDialogTarget | null; onClose: () => void }) {
  const navigate = useNavigate();
  const saved = async (item: Item, bookProblem: BookProblem) => {
    onClose();
    if (target?.kind !== 'create') return;
    // After the move: a toast belongs to the page it is raised on, and leaving a page clears it
    // once the router's own import of notify resolves; importing it here too resolves after that one.
    await navigate({ to: '/marketplace/$id', params: { id: item.id } });
    const notify = await import('../../app/notify');
    if (bookProblem) notify.notifyError(`${BOOK_LINK_FAILED} ${bookProblem}`);
    else notify.notifySuccess(LISTING_LIVE_MESSAGE);
  };
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.kind === 'edit' ? 'Edit Item' : 'Add Item'}
      size="lg"
      centered
    >
      {target && <ItemForm target={target} onSaved={(item, problem) => void saved(item, problem)} />}
    </Modal>
  );
}
