export declare const AUTH_EMULATOR_HOST: string;
export declare const DEMO_PROJECT_ID: string;
/** POSTs JSON to the emulator's REST API on a fresh connection (never a stale keep-alive socket), with any extra headers. */
export declare function postEmulatorJson(
  url: string,
  body: unknown,
  headers?: Record<string, string>,
): Promise<{ status: number; json: any }>;
/** Writes dir/firebase.json for an Auth emulator on port; the command to run in dir. */
export declare function authEmulatorCommand(dir: string, port: number): Promise<{ command: string; args: string[] }>;
export interface RunningAuthEmulator {
  host: string;
  url: string;
  /** False when an emulator was already answering on the host asked for and is reused. */
  started: boolean;
  /** Stops the emulator if this call started it and no other caller in the process still uses it. */
  stop(): Promise<void>;
}
/** The process's own Auth emulator on a free port (shared by its callers, stopped with the last), or one on options.host unless one answers there already. */
export declare function ensureAuthEmulator(options?: {
  host?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}): Promise<RunningAuthEmulator>;
