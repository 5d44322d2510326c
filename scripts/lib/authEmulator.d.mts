export declare const AUTH_EMULATOR_HOST: string;
export declare const DEMO_PROJECT_ID: string;
export declare function authEmulatorAnswers(host?: string): Promise<boolean>;
/** POSTs JSON to the emulator's REST API on a fresh connection (never a stale keep-alive socket). */
export declare function postEmulatorJson(url: string, body: unknown): Promise<{ status: number; json: any }>;
export interface RunningAuthEmulator {
  host: string;
  url: string;
  /** False when an emulator was already answering and is reused. */
  started: boolean;
  /** Gives this user's lease back; the last user of an emulator started through here stops it. */
  stop(): Promise<void>;
}
export declare function ensureAuthEmulator(options?: {
  host?: string;
  projectId?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}): Promise<RunningAuthEmulator>;
