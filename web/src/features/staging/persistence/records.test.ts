import { describe, expect, it } from 'vitest';
import {
  addImages,
  EMPTY_STUDIO,
  markProcessed,
  markProcessing,
  markSent,
  newStudioImage,
  type StageAttempt,
  type StagingChoice,
  type StudioImage,
} from '../studioState';
import type { AuthUser } from '../../../backend/types';
import {
  blobNamesOf,
  mergeStudio,
  ownerOf,
  photoRecordOf,
  restorePhoto,
  restoreStudio,
  SIGNED_OUT_KEY,
  type PhotoRefs,
  type RoomSource,
} from './records';

const CHOICE: StagingChoice = { style: 'coastal', furnitureType: 'sofa', editedPrompt: null };
const ATTEMPT: StageAttempt = {
  idempotencyKey: 'key-1',
  variant: 0,
  request: { prompt: 'a sofa', style: 'coastal', furnitureType: 'sofa', mode: 'auto' },
};

function photo(id: string): StudioImage {
  const file = new File(['bytes'], `${id}.jpg`, { type: 'image/jpeg', lastModified: 7 });
  return newStudioImage(id, file, `blob:preview-${id}`, CHOICE);
}

function refs(
  rooms: [string, RoomSource][] = [],
  matched: Record<string, string[]> = {},
  editIds: Record<string, string> = {},
): PhotoRefs {
  return { file: 'file-blob', preview: null, rooms: new Map(rooms), matched, editIds };
}

let urls = 0;
const objectUrl = () => `blob:restored-${++urls}`;

function user(overrides: Partial<AuthUser>): AuthUser {
  return {
    uid: 'uid-1',
    email: 'seller@example.com',
    displayName: null,
    photoURL: null,
    emailVerified: true,
    providerIds: ['password'],
    createdAt: null,
    lastSignInAt: null,
    ...overrides,
  };
}

describe('a photo record', () => {
  it('keeps the file by reference with its name, type and date, and the choice, mark and status', () => {
    const record = photoRecordOf('uid-1', { ...photo('a'), subject: { kind: 'point', x: 0.5, y: 0.4 } }, 2, refs());
    expect(record).toMatchObject({
      user: 'uid-1',
      id: 'a',
      position: 2,
      file: { blob: 'file-blob', name: 'a.jpg', type: 'image/jpeg', lastModified: 7 },
      choice: CHOICE,
      subject: { kind: 'point', x: 0.5, y: 0.4 },
      status: 'uploaded',
      variations: [],
      shown: null,
    });
  });

  it('keeps the staging in flight with its key and request, so a reload can resume it', () => {
    const state = markSent(markProcessing(addImages(EMPTY_STUDIO, [photo('a')]), ['a']), 'a', ATTEMPT);
    const record = photoRecordOf('uid-1', state.images[0]!, 0, refs());
    expect(record).toMatchObject({ status: 'processing', attempt: ATTEMPT });
  });

  it('keeps each room as its server URL, stored copy, matched words and image edit, and which room is shown', () => {
    const staged = markProcessed(addImages(EMPTY_STUDIO, [photo('a')]), 'a', 'https://host/out-1.jpg').images[0]!;
    const record = photoRecordOf(
      'uid-1',
      staged,
      0,
      refs(
        [['https://host/out-1.jpg', { url: 'https://host/out-1.jpg', blob: 'room-blob' }]],
        { 'https://host/out-1.jpg': ['sofa', 'large-window'] },
        { 'https://host/out-1.jpg': 'edit-1' },
      ),
    );
    expect(record.variations).toEqual([
      { url: 'https://host/out-1.jpg', blob: 'room-blob', matched: ['sofa', 'large-window'], editId: 'edit-1' },
    ]);
    expect(record.shown).toBe(0);
    expect(blobNamesOf(record)).toEqual(['file-blob', 'room-blob']);
  });

  it('names a restored room by the server URL it stands for, not the object URL on show', () => {
    const staged = markProcessed(addImages(EMPTY_STUDIO, [photo('a')]), 'a', 'blob:restored-room').images[0]!;
    const record = photoRecordOf(
      'uid-1',
      staged,
      0,
      refs([['blob:restored-room', { url: 'https://host/out-1.jpg', blob: 'room-blob' }]]),
    );
    expect(record.variations[0]).toMatchObject({ url: 'https://host/out-1.jpg', blob: 'room-blob' });
  });
});

describe('restoring a photo', () => {
  const blobs = new Map<string, Blob>([
    ['file-blob', new Blob(['photo'], { type: 'image/heic' })],
    ['preview-blob', new Blob(['preview'], { type: 'image/jpeg' })],
    ['room-blob', new Blob(['room'], { type: 'image/jpeg' })],
  ]);
  const staged = markProcessed(addImages(EMPTY_STUDIO, [photo('a')]), 'a', 'https://host/out-1.jpg').images[0]!;
  const record = {
    ...photoRecordOf(
      'uid-1',
      staged,
      0,
      refs(
        [['https://host/out-1.jpg', { url: 'https://host/out-1.jpg', blob: 'room-blob' }]],
        { 'https://host/out-1.jpg': ['sofa'] },
        { 'https://host/out-1.jpg': 'edit-1' },
      ),
    ),
    preview: 'preview-blob',
  };

  it('rebuilds the file with its name and type, and shows the preview and the room from their stored copies', () => {
    const shown: Blob[] = [];
    const restored = restorePhoto(record, blobs, (blob) => (shown.push(blob), objectUrl()));
    expect(restored!.image.file).toMatchObject({ name: 'a.jpg', type: 'image/jpeg', lastModified: 7 });
    expect(shown).toEqual([blobs.get('room-blob'), blobs.get('preview-blob')]);
    expect(restored!.image.outputUrl).toBe(restored!.image.variations[0]);
    expect(restored!.image.outputUrl).toMatch(/^blob:restored-/);
  });

  it('remembers which server URL and stored copy each room on show stands for, with its words and image edit', () => {
    const restored = restorePhoto(record, blobs, objectUrl)!;
    const roomUrl = restored.image.variations[0]!;
    expect(restored.rooms.get(roomUrl)).toEqual({ url: 'https://host/out-1.jpg', blob: 'room-blob' });
    expect(restored.matched[roomUrl]).toEqual(['sofa']);
    expect(restored.editIds[roomUrl]).toBe('edit-1');
  });

  it('reads a room kept before the books’ stagings as a room without an image edit', () => {
    const older = { ...record, variations: [{ url: 'https://host/out-1.jpg', blob: 'room-blob', matched: null }] };
    expect(restorePhoto(older, blobs, objectUrl)!.editIds).toEqual({});
  });

  it('falls back to the server URL for a room whose copy could not be fetched', () => {
    const uncopied = { ...record, variations: [{ url: 'https://host/out-1.jpg', blob: null, matched: null }] };
    expect(restorePhoto(uncopied, blobs, objectUrl)!.image.variations).toEqual(['https://host/out-1.jpg']);
  });

  it('reads a record kept before the brush as a photo without strokes or confirmation', () => {
    const record = photoRecordOf('uid-1', photo('a'), 0, refs());
    const { strokes: _strokes, confirmedFurniture: _confirmed, ...older } = record;
    const restored = restorePhoto(older, new Map([['file-blob', new Blob(['x'])]]), objectUrl);
    expect(restored?.image).toMatchObject({ strokes: null, confirmedFurniture: false });
  });

  it('leaves out a photo whose file is missing', () => {
    expect(restorePhoto(record, new Map(), objectUrl)).toBeNull();
  });
});

describe('restoring the studio', () => {
  it('keeps the selection within the photos', () => {
    const state = restoreStudio([photo('a'), photo('b')], {
      user: 'u',
      selectedIndex: 5,
      promptMode: 'auto',
      customPrompt: '',
    });
    expect(state.selectedIndex).toBe(1);
  });

  it('puts a photo that was queued but never sent back to uploaded, and keeps a sent one processing', () => {
    const queued = { ...photo('a'), status: 'processing' as const };
    const sent = { ...photo('b'), status: 'processing' as const, attempt: ATTEMPT };
    const state = restoreStudio([queued, sent], null);
    expect(state.images.map((img) => img.status)).toEqual(['uploaded', 'processing']);
  });

  it('is empty when nothing was kept', () => {
    expect(restoreStudio([], null)).toBe(EMPTY_STUDIO);
  });

  it('adds a carried-over visitor’s own earlier photos after those on screen, once each', () => {
    const onScreen = addImages(EMPTY_STUDIO, [photo('a')]);
    const merged = mergeStudio(onScreen, restoreStudio([photo('a'), photo('b')], null));
    expect(merged.images.map((img) => img.id)).toEqual(['a', 'b']);
    expect(merged.images[0]).toBe(onScreen.images[0]);
  });
});

describe('whose studio it is', () => {
  it('is nobody’s until the auth state is known', () => {
    expect(ownerOf({ status: 'unknown' })).toBeNull();
  });

  it('is the signed-out key for a visitor without an account', () => {
    expect(ownerOf({ status: 'signedOut' })).toEqual({ key: SIGNED_OUT_KEY, visitor: true });
  });

  it('is the uid of a signed-in user, who is no visitor', () => {
    expect(ownerOf({ status: 'signedIn', user: user({}) })).toEqual({ key: 'uid-1', visitor: false });
  });

  it('is the uid of a visitor’s anonymous session, who is still a visitor', () => {
    const anonymous = user({ uid: 'anon-1', email: null, providerIds: [], isAnonymous: true });
    expect(ownerOf({ status: 'signedOut', visitor: anonymous })).toEqual({ key: 'anon-1', visitor: true });
  });
});
