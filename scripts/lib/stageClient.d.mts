/** Stages the photo `runs` times from a worker thread; each request's milliseconds, in order. */
export declare function stageFromAnotherThread(options: {
  url: string;
  token: string;
  photoPath: string;
  /** The form field the photo goes in (STAGE_FILE_FIELD). */
  fileField: string;
  runs: number;
  fields: Record<string, string>;
}): Promise<number[]>;
