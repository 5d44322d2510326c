import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { downloadImage } from './imageDownload';

describe('downloadImage', () => {
  let clicked: { href: string; download: string }[];

  beforeEach(() => {
    clicked = [];
    vi.useFakeTimers();
    // jsdom has no object URLs and does not navigate on click; record what would be saved.
    URL.createObjectURL = vi.fn(() => 'blob:flipstage/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves the fetched image under the given name through a blob URL, then releases it', async () => {
    const fetchMock = vi.fn(async () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await downloadImage('http://127.0.0.1:5050/blobs/out.jpg', 'staged_image_1.jpg');
    expect(fetchMock).toHaveBeenCalledWith('http://127.0.0.1:5050/blobs/out.jpg');
    expect(clicked).toEqual([{ href: 'blob:flipstage/1', download: 'staged_image_1.jpg' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:flipstage/1');
  });

  it('says the image could not be downloaded when the server refuses it', async () => {
    vi.stubGlobal('fetch', async () => new Response('Not found.', { status: 404 }));
    await expect(downloadImage('/blobs/gone.jpg', 'staged_image_1.jpg')).rejects.toThrow(MESSAGES.downloadFailed);
    expect(clicked).toEqual([]);
  });

  it('says the same when the network fails', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(downloadImage('/blobs/out.jpg', 'staged_image_1.jpg')).rejects.toThrow(MESSAGES.downloadFailed);
  });
});
