/**
 * Staging through the `api` bundle on the Emulator Suite: the credit spent in Firestore, the
 * files in Cloud Storage behind URLs signed for their owner, the edit (holding the files' paths)
 * readable by its owner under the rules.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { API_PATHS, IDEMPOTENCY_HEADER, SIGNUP_CREDITS, type StageResponse } from '@flipstage/core';
import { createAccount, newVerifiedUser, useApiFunction } from '../support/apiFunction.js';

const samplePhoto = readFileSync(fileURLToPath(new URL('../../../../samples/dresser-blue.jpg', import.meta.url)));
const api = useApiFunction();

describe('the api function on the Emulator Suite with Cloud Storage', () => {
  it('stages a photo: one credit spent, files in Storage, the edit readable by its owner', async () => {
    const { uid, idToken } = await newVerifiedUser();
    await createAccount(api, idToken);
    const form = new FormData();
    form.append('imageFile', new Blob([samplePhoto], { type: 'image/jpeg' }), 'dresser.jpg');
    form.append('prompt', 'a bright scandinavian bedroom');
    form.append('style', 'scandinavian');
    form.append('furnitureType', 'dresser');
    form.append('mode', 'auto');

    const response = await fetch(`${api.stageUrl}${API_PATHS.stage}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, [IDEMPOTENCY_HEADER]: randomUUID() },
      body: form,
    });
    expect(response.status).toBe(200);
    const staged = (await response.json()) as StageResponse;
    expect(staged.creditsRemaining).toBe(SIGNUP_CREDITS - 1);

    const output = await fetch(staged.outputUrl);
    expect(output.status).toBe(200);
    expect(output.headers.get('content-type')).toBe('image/jpeg');

    const edit = await assertSucceeds(
      api.env.authenticatedContext(uid).firestore().doc(`image_edits/${staged.editId}`).get(),
    );
    expect(edit.data()).toMatchObject({
      user_id: uid,
      input_image_url: `image-edits/${uid}/${staged.editId}/input.jpg`,
      output_image_url: `image-edits/${uid}/${staged.editId}/staged.jpg`,
    });
  });
});
