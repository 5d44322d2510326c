import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createStager, describeStager } from '../../src/stagers/selectStager.js';
import { modulesLoadedBy } from '../helpers/importedModules.js';
import { startPhotoroomStandIn, type PhotoroomStandIn } from '../helpers/photoroomStandIn.js';

const HEAVY = /node_modules\/(sharp|@img|onnxruntime-node|onnxruntime-common|libheif-js)\/|libvips|onnxruntime/;

let standIn: PhotoroomStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe('createStager', () => {
  it('uses Photoroom when PHOTOROOM_API_KEY is set', () => {
    expect(createStager({ PHOTOROOM_API_KEY: 'sk_live_x' }).name).toBe('photoroom');
  });

  it('uses the local engine when no key is set', () => {
    expect(createStager({}).name).toBe('local');
  });

  it('uses the local engine when the key is blank', () => {
    expect(createStager({ PHOTOROOM_API_KEY: '  ' }).name).toBe('local');
  });

  it('sends Photoroom requests to PHOTOROOM_BASE_URL with the key', async () => {
    const reply = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    standIn = await startPhotoroomStandIn([{ status: 200, body: reply }]);
    const stager = createStager({ PHOTOROOM_API_KEY: 'sk_test_key', PHOTOROOM_BASE_URL: ` ${standIn.baseUrl} ` });
    const output = await stager.stage({
      image: reply,
      prompt: '',
      style: 'modern',
      furnitureType: 'chair',
      mode: 'auto',
      size: 'standard',
      variant: 0,
    });
    expect(output.engine).toBe('photoroom');
    expect(standIn.received.map((request) => [request.url, request.headers['x-api-key']])).toEqual([
      ['/v2/edit', 'sk_test_key'],
    ]);
  });

  it('refuses a PHOTOROOM_BASE_URL with a user name or password, which fetch cannot send', () => {
    const env = { PHOTOROOM_API_KEY: 'sk_test_key', PHOTOROOM_BASE_URL: 'https://user:secret@proxy.example.com' };
    expect(() => createStager(env)).toThrow('PHOTOROOM_BASE_URL must not carry a user name or password');
  });

  it('refuses a PHOTOROOM_BASE_URL that is no http(s) address, naming the variable', () => {
    expect(() =>
      createStager({ PHOTOROOM_API_KEY: 'sk_test_key', PHOTOROOM_BASE_URL: 'image-api.photoroom.com' }),
    ).toThrow(/PHOTOROOM_BASE_URL must be an http\(s\) address/);
  });
});

describe('describeStager', () => {
  it('names the engine alone when no key is set', () => {
    expect(describeStager(createStager({}), {})).toEqual({
      message: 'staging with the built-in engine (local)',
      fields: { stager: 'local' },
    });
  });

  it('names Photoroom and its address, never the key', () => {
    const env = { PHOTOROOM_API_KEY: 'sk_secret_key', PHOTOROOM_BASE_URL: 'https://proxy.example.com/photoroom' };
    expect(describeStager(createStager(env), env)).toEqual({
      message: 'staging with Photoroom at https://proxy.example.com/photoroom',
      fields: { stager: 'photoroom', endpoint: 'https://proxy.example.com/photoroom' },
    });
  });
});

describe('loading the stagers', () => {
  it('imports neither sharp, onnxruntime-node nor libheif until a photo is staged', async () => {
    const loaded = await modulesLoadedBy(['src/stagers/selectStager.ts', 'src/stagers/photoroom.ts']);
    expect(loaded.modules.some((url) => url.endsWith('/src/stagers/photoroomInput.ts'))).toBe(true);
    expect(loaded.modules.filter((url) => HEAVY.test(url))).toEqual([]);
    expect(loaded.nativeLibraries.filter((path) => HEAVY.test(path))).toEqual([]);
  });

  it('sees them when the engine itself is imported, so the check above can fail', async () => {
    const loaded = await modulesLoadedBy(['src/stagers/engine/localStager.ts']);
    expect(loaded.modules.filter((url) => /node_modules\/(sharp|onnxruntime-node)\//.test(url))).not.toEqual([]);
    expect(loaded.nativeLibraries.filter((path) => /libvips|onnxruntime/.test(path))).not.toEqual([]);
  });
});
