/** A request id per request: in every log line of that request and in the X-Request-Id header. */
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { logs, silentLogger, type Logger } from '../logs.js';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** The caller's X-Request-Id when it is a sane one (a proxy's, a client's retry), else a new one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFor(req.get('x-request-id'));
    const started = performance.now();
    res.locals.requestId = requestId;
    res.locals.logger = logger.child({ requestId });
    res.setHeader('X-Request-Id', requestId);
    res.on('finish', () => {
      logs.requestCompleted(requestLogger(res), {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      });
    });
    next();
  };
}

export function requestLogger(res: Response): Logger {
  return (res.locals.logger as Logger | undefined) ?? silentLogger;
}
