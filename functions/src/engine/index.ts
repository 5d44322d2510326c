export { createLocalStager, LOCAL_ENGINE_NAME } from './localStager.js';
export { createStager, type StagerEnv } from './selectStager.js';
export { MAX_INPUT_BYTES, MAX_INPUT_PIXELS, OUTPUT_LONG_SIDE } from './limits.js';
