/**
 * A listing made from a staging starts with the studio's own words for the piece: the furniture
 * type and design style the seller chose there (the image edit records both), so the listing's
 * facts, its price suggestion and the piece it goes into are filled without asking twice.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import { isDesignStyleId, isFurnitureTypeId, type ItemFormInput } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { IMAGE_EDITS_QUERY_KEY, useAuthUser } from '../../backend/session';

export function useStudioFacts(
  editId: string | null,
  getValues: UseFormGetValues<ItemFormInput>,
  setValue: UseFormSetValue<ItemFormInput>,
) {
  const { account } = useBackend();
  const user = useAuthUser();
  const edit = useQuery({
    // Its own segment: under the piece page's 'linked' key the same id holds a list, not one edit.
    queryKey: [...IMAGE_EDITS_QUERY_KEY, user?.uid ?? null, 'edit', editId],
    queryFn: async () => (user && editId ? ((await account.getImageEdits(user, [editId]))[0] ?? null) : null),
    enabled: user !== null && editId !== null,
  });
  // Once: a refetch must not refill a field the seller emptied.
  const filled = useRef(false);
  useEffect(() => {
    const found = edit.data;
    if (!found || filled.current) return;
    filled.current = true;
    // Only what the seller has not chosen yet, and only the catalogue's own ids (a prompt has none).
    if (!getValues('furnitureType') && isFurnitureTypeId(found.furniture_type)) {
      setValue('furnitureType', found.furniture_type);
    }
    if (!getValues('style') && isDesignStyleId(found.style)) setValue('style', found.style);
  }, [edit.data, getValues, setValue]);
}
