/**
 * The web app's production build, served by the local host as Firebase Hosting serves it deployed
 * (firebase.json): hashed /assets/* kept a year, everything else revalidated, and the app's own
 * routes answered with index.html. Mounted after the app's routes, so /api, /blobs, /dev and the
 * listing pages answer first. A file's gzip twin (name.gz, written by scripts/lib/webBuild.mjs) is
 * sent to browsers that accept it.
 */
import { existsSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { Router, type Request, type Response } from 'express';

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const REVALIDATE_CACHE_CONTROL = 'no-cache';
const ASSETS_PREFIX = '/assets/';
const INDEX = 'index.html';
/** Paths that belong to the server, never to the app: a miss there is a 404, not the app. */
const SERVER_PATHS = /^\/(api|blobs|dev|assets)(\/|$)/;

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The file `urlPath` names inside `dir`, relative to it, or null when there is none. Dotfiles (the
 * build's .vite manifest) and paths leaving `dir` are never served.
 */
function fileFor(dir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = relative(dir, resolve(dir, `.${decoded}`));
  if (file.startsWith('..') || file.split(sep).some((part) => part.startsWith('.'))) return null;
  return isFile(join(dir, file)) ? file : null;
}

function send(req: Request, res: Response, dir: string, file: string, cacheControl: string): void {
  res.set('Cache-Control', cacheControl);
  res.vary('Accept-Encoding');
  // Relative to root, so the folders above the build (.local) are not taken for dotfiles.
  const options = { root: dir, cacheControl: false };
  if (req.acceptsEncodings('gzip') === 'gzip' && existsSync(join(dir, `${file}.gz`))) {
    // Typed by the original's name; sendFile keeps a type already set.
    res.type(extname(file)).set('Content-Encoding', 'gzip');
    res.sendFile(`${file}.gz`, options);
    return;
  }
  res.sendFile(file, options);
}

export function webAppRoutes(webDir: string): Router {
  const dir = resolve(webDir);
  if (!isFile(join(dir, INDEX))) throw new Error(`No web build at ${dir} (index.html is missing)`);
  const router = Router();

  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = fileFor(dir, req.path);
    if (file) {
      send(
        req,
        res,
        dir,
        file,
        req.path.startsWith(ASSETS_PREFIX) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL,
      );
      return;
    }
    if (SERVER_PATHS.test(req.path) || !req.accepts('html')) return next();
    send(req, res, dir, INDEX, REVALIDATE_CACHE_CONTROL);
  });

  return router;
}
