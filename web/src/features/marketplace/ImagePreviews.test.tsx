import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { render } from '../../test-utils/render';
import { previewHeicInWorker } from '../staging/prepare/heicFiles';
import { ImagePreviews } from './ImagePreviews';

vi.mock('../staging/prepare/heicFiles', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../staging/prepare/heicFiles')>()),
  previewHeicInWorker: vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' })),
}));

const live = new Set<string>();
let made = 0;
URL.createObjectURL = vi.fn(() => {
  const url = `blob:preview-${++made}`;
  live.add(url);
  return url;
});
URL.revokeObjectURL = vi.fn((url: string) => void live.delete(url));

afterEach(() => vi.mocked(previewHeicInWorker).mockClear());

const jpeg = new File(['j'], 'dresser.jpg', { type: 'image/jpeg' });
const heic = new File(['h'], 'IMG_0001.HEIC', { type: 'image/heic' });

describe('item dialog previews', () => {
  it('show a live picture under Strict Mode, which runs every effect twice on mount', async () => {
    render(
      <StrictMode>
        <ImagePreviews files={[jpeg]} />
      </StrictMode>,
    );
    const picture = await screen.findByRole('img', { name: 'Image 1: dresser.jpg' });
    expect(live.has(picture.getAttribute('src')!)).toBe(true);
  });

  it('show a HEIC through the studio’s converter, and let go of the pictures when closed', async () => {
    const { unmount } = render(<ImagePreviews files={[jpeg, heic]} />);
    const picture = await screen.findByRole('img', { name: 'Image 2: IMG_0001.HEIC' });
    expect(previewHeicInWorker).toHaveBeenCalledWith(heic);
    expect(live.has(picture.getAttribute('src')!)).toBe(true);
    const urls = screen.getAllByRole('img').map((img) => img.getAttribute('src')!);
    unmount();
    for (const url of urls) expect(live.has(url)).toBe(false);
  });

  it('name a HEIC this browser cannot show, which is still listed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(previewHeicInWorker).mockRejectedValueOnce(new Error('unsupported codec'));
    render(<ImagePreviews files={[heic]} />);
    expect(await screen.findByText('Image 1: IMG_0001.HEIC (no preview; it will still be listed)')).toBeInTheDocument();
    error.mockRestore();
  });
});
