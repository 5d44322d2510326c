import { describe, expect, it, vi } from 'vitest';
import type { ImageEdit } from '@flipstage/core';
import type { ApiFetch } from './http';
import { fetchImageEditsByIds } from './imageEditsApi';

const edit = (id: string): ImageEdit => ({
  id,
  user_id: 'u1',
  input_image_url: `https://blobs.example/${id}/input.jpg`,
  output_image_url: `https://blobs.example/${id}/staged.jpg`,
  background_style: 'a bright modern room',
  style: 'modern',
  furniture_type: 'dresser',
  created_at: '2026-11-01T00:00:00.000Z',
});

describe('fetchImageEditsByIds', () => {
  it('asks for the ids in their order, comma-separated, and answers the page’s edits', async () => {
    const apiFetch = vi.fn(async () => ({ data: [edit('e2'), edit('e1')], nextCursor: null })) as unknown as ApiFetch;
    const edits = await fetchImageEditsByIds(apiFetch, ['e2', 'e1']);
    expect(edits.map((e) => e.id)).toEqual(['e2', 'e1']);
    expect(vi.mocked(apiFetch).mock.calls.map(([path]) => path)).toEqual(['/api/image-edits?ids=e2,e1']);
  });

  it('answers no edits for no ids without asking the API', async () => {
    const apiFetch = vi.fn() as unknown as ApiFetch;
    expect(await fetchImageEditsByIds(apiFetch, [])).toEqual([]);
    expect(apiFetch).not.toHaveBeenCalled();
  });
});
