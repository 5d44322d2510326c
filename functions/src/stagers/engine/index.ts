export { createLocalStager, LOCAL_ENGINE_NAME, type StagePhase } from './localStager.js';
export { OUTPUT_LONG_SIDE } from './limits.js';
export { createUploadedImages } from './uploadedImages.js';
