export { createLocalStager, LOCAL_ENGINE_NAME } from './localStager.js';
export { OUTPUT_LONG_SIDE } from './limits.js';
export { createUploadedImages } from './uploadedImages.js';
