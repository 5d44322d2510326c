import { describe, expect, it } from 'vitest';
import { editBlobPath } from '../../src/services/imageEdits.js';

const PATH = 'image-edits/u1/0b4e7c1a-3f57-4e0e-9d43-2f1c8a9b6e10/staged.jpg';

describe('editBlobPath', () => {
  it('is the stored value when an edit records a path', () => {
    expect(editBlobPath(PATH)).toBe(PATH);
  });

  it('is the path a local host URL recorded before paths were kept', () => {
    expect(editBlobPath(`http://127.0.0.1:5050/blobs/${PATH}`)).toBe(PATH);
  });

  it('is the path a Firebase download-token URL recorded before paths were kept', () => {
    const url = `https://firebasestorage.googleapis.com/v0/b/p.appspot.com/o/${encodeURIComponent(PATH)}?alt=media&token=abc`;
    expect(editBlobPath(url)).toBe(PATH);
  });

  it('is null for a URL outside the image edits', () => {
    expect(editBlobPath('https://files.example/in.jpg')).toBeNull();
  });

  it('is null for a URL whose path is not a safe blob path', () => {
    expect(editBlobPath('https://files.example/image-edits/u1/../../secret')).toBeNull();
    expect(editBlobPath('not a url')).toBeNull();
  });
});
