/** Apart from localStager.ts so naming the engine does not load it (sharp, onnxruntime). */
export const LOCAL_ENGINE_NAME = 'local';
