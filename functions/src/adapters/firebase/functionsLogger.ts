/** The backend's Logger on the Cloud Functions logger, so entries arrive in Cloud Logging structured, with their severity. */
import * as functionsLogger from 'firebase-functions/logger';
import type { LogFields, Logger } from '../../logs.js';

export function createFunctionsLogger(base: LogFields = {}): Logger {
  return {
    write(severity, message, fields = {}) {
      functionsLogger.write({ ...base, ...fields, severity, message });
    },
    child(fields) {
      return createFunctionsLogger({ ...base, ...fields });
    },
  };
}
