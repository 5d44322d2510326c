/**
 * The Auth emulator behind the local host's own origin. The app and the CLI sign up, sign in and
 * change accounts here; each answer waits until the kept accounts are saved, so an account a user
 * has been told exists is in the data folder before they hear it, and a crash right after loses
 * nothing confirmed. Answered before Express: these are the emulator's routes, not the API's.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { request } from 'node:http';
import { logs, type Logger } from '../logs.js';
import type { KeptAccounts } from './keptAccounts.js';

/** Where the Firebase SDKs address an emulator: its REST APIs and its sign-in pages. */
const EMULATOR_PREFIXES = ['/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/', '/emulator/'];

// Hop-by-hop headers belong to one connection; the whole answer is re-sent with its length.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

export interface AuthProxy {
  /** Forwards a request for the emulator and returns true; false leaves it to the rest of the host. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
}

export function authProxy(deps: { emulatorHost: string; accounts: KeptAccounts; logger: Logger }): AuthProxy {
  function unavailable(res: ServerResponse): void {
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: { code: 502, message: 'The Auth emulator is not answering; is npm start still running?' },
      }),
    );
  }

  return {
    answer(req, res) {
      const url = req.url ?? '';
      if (!EMULATOR_PREFIXES.some((prefix) => url.startsWith(prefix))) return false;
      const upstream = request(
        `http://${deps.emulatorHost}${url}`,
        { method: req.method, headers: { ...endToEnd(req.headers), host: deps.emulatorHost }, agent: false },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', () => unavailable(res));
          answer.on('end', () => {
            const body = Buffer.concat(chunks);
            // A preflight changes nothing; anything else may have (a sign-in records its time).
            const saved = req.method === 'OPTIONS' ? Promise.resolve() : deps.accounts.save();
            void saved
              .catch((error: unknown) => logs.accountsNotSaved(deps.logger, error))
              .then(() => {
                res.writeHead(answer.statusCode ?? 502, {
                  ...endToEnd(answer.headers),
                  'content-length': body.byteLength,
                });
                res.end(body);
              });
          });
        },
      );
      upstream.on('error', () => unavailable(res));
      req.pipe(upstream);
      return true;
    },
  };
}
