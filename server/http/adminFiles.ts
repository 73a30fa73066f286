/**
 * The built admin (vite build → dist/) beside the API: its files, precompressed and cached, and the
 * SPA fallback (docs/decisions/0022-first-load-budget.md). Hashed files under assets/ never change
 * under one name: cached for a year, immutable. Everything else — index.html, the SPA fallback,
 * public/ files such as the favicon — is revalidated on every use (no-cache + ETag), so a deploy
 * shows at the next visit.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './apiPath';
import { badUrl, envelope, notFound } from './errors';
import { declareScopeAccess } from './route';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** Vite writes content-hashed names (`assets/<name>-<hash>.<ext>`) into its assets folder only. */
const HASHED_FOLDER = 'assets';
const COMPRESSED_SUFFIX = /\.(br|gz)$/;

/** Cache-Control of a built file, by its path relative to the build folder (a .br/.gz copy as its original). */
export function cacheControlFor(relativePath: string): string {
  const parts = relativePath.replace(COMPRESSED_SUFFIX, '').split(/[\\/]/).filter(Boolean);
  return parts.length > 1 && parts[0] === HASHED_FOLDER ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

const adminPages = new WeakMap<FastifyInstance, Buffer>();

/** The built admin's index.html when `app` serves the admin (routes that answer with the admin's page), else null. */
export function adminPage(app: FastifyInstance): Buffer | null {
  return adminPages.get(app) ?? null;
}

/** Serves `staticDir` when it holds a build (index.html); false otherwise. */
export async function registerAdminFiles(app: FastifyInstance, staticDir: string | undefined): Promise<boolean> {
  if (!staticDir || !fs.existsSync(path.join(staticDir, 'index.html'))) return false;
  const indexHtml = fs.readFileSync(path.join(staticDir, 'index.html'));
  adminPages.set(app, indexHtml);
  const spaFallback = (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url) || request.method !== 'GET') {
      return reply.status(404).send(envelope(notFound()));
    }
    let file: string;
    try {
      file = decodeURIComponent(request.url.split('?')[0]!);
    } catch {
      return reply.status(400).send(envelope(badUrl()));
    }
    const candidate = path.join(staticDir, path.normalize(file));
    if (candidate.startsWith(staticDir) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      return reply.sendFile(path.relative(staticDir, candidate));
    }
    return reply.header('cache-control', REVALIDATE_CACHE).type('text/html; charset=utf-8').send(indexHtml);
  };
  // The built admin's files are public. The fallback shares the plugin's scope: it needs the plugin's sendFile.
  await app.register(async (scope) => {
    declareScopeAccess(scope, 'public');
    await scope.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // `<file>.br` / `<file>.gz` written by the build (server/build/precompress.ts) when the client accepts them.
      preCompressed: true,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(path.relative(staticDir, filePath))),
    });
    scope.setNotFoundHandler(spaFallback);
  });
  return true;
}
