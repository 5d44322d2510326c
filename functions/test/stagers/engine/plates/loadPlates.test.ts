import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { plateGeometry } from '../../../fixtures/plateGeometry.js';
import { platesDirectory, readPlateDirectory } from '../../../../src/stagers/engine/plates/library.js';

let dir = '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plates-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function writePlate(
  json: unknown,
  { file = 'coastal-1.json', images = ['coastal-1.jpg', 'coastal-1.occluder-0.png'] } = {},
) {
  writeFileSync(join(dir, file), typeof json === 'string' ? json : JSON.stringify(json));
  for (const image of images) writeFileSync(join(dir, image), '');
}

describe('reading the plates directory', () => {
  it('reads every plate’s geometry', async () => {
    writePlate(plateGeometry());
    writePlate(plateGeometry({ id: 'coastal-2', occluders: [] }), {
      file: 'coastal-2.json',
      images: ['coastal-2.jpg'],
    });
    writeFileSync(join(dir, 'README.md'), 'not a plate');
    expect((await readPlateDirectory(dir)).map((plate) => plate.id)).toEqual(['coastal-1', 'coastal-2']);
  });

  it('names the file and the field of an invalid plate', async () => {
    const plate = plateGeometry();
    writePlate({ ...plate, camera: { ...plate.camera, heightM: -1 } });
    await expect(readPlateDirectory(dir)).rejects.toThrow(/coastal-1\.json is invalid: camera\.heightM: /);
  });

  it('names the file that is not JSON', async () => {
    writePlate('{ "id": ');
    await expect(readPlateDirectory(dir)).rejects.toThrow(/coastal-1\.json is not JSON/);
  });

  it('refuses a plate whose id is not its file name', async () => {
    writePlate(plateGeometry({ id: 'coastal-2' }));
    await expect(readPlateDirectory(dir)).rejects.toThrow(/coastal-1\.json has the id coastal-2/);
  });

  it('refuses a plate whose JPEG or occluder is missing', async () => {
    writePlate(plateGeometry(), { images: ['coastal-1.occluder-0.png'] });
    await expect(readPlateDirectory(dir)).rejects.toThrow(/coastal-1\.json needs coastal-1\.jpg, which is missing/);
    writePlate(plateGeometry(), { images: ['coastal-1.jpg'] });
    rmSync(join(dir, 'coastal-1.occluder-0.png'));
    await expect(readPlateDirectory(dir)).rejects.toThrow(/needs coastal-1\.occluder-0\.png/);
  });
});

describe('the plates directory', () => {
  it('is functions/assets/plates in the workspace', () => {
    expect(platesDirectory()).toBe(fileURLToPath(new URL('../../../../assets/plates/', import.meta.url)));
  });
});
