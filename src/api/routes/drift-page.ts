import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { z } from 'zod';
import { groupIdSchema } from '../../domain/memory.js';
import { validationError } from '../errors.js';

const PUBLIC_FOLDER = join('src', 'api', 'public');
const PAGE_FILE = 'drift.html';

/**
 * The folder that holds the page's static files. tsc does not copy them, so from dist/src/api/routes the
 * folder is not beside this module: walk upward until `src/api/public` appears (the checkout under tsx,
 * /app in the Docker image, where the public folder is copied next to dist).
 */
export function findPublicFolder(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const candidate = join(dir, PUBLIC_FOLDER);
    if (existsSync(join(candidate, PAGE_FILE))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`drift page files not found: no ${PUBLIC_FOLDER}/${PAGE_FILE} above ${from}`);
    }
    dir = parent;
  }
}

const pageParamsSchema = z.object({ groupId: groupIdSchema });

/** The drift chart page, GET /groups/:groupId/drift, and its script and stylesheet under /static/. */
export function driftPageRouter(): express.Router {
  const publicFolder = findPublicFolder();
  const router = express.Router();

  router.use('/static', express.static(publicFolder, { index: false, fallthrough: true }));

  router.get('/groups/:groupId/drift', (req, res, next) => {
    const parsed = pageParamsSchema.safeParse(req.params);
    if (!parsed.success) {
      // Answered here rather than passed on, so the router behaves the same in any app it is mounted in.
      const http = validationError('params', parsed.error);
      res.status(http.status).json({ error: http.code, message: http.message, issues: http.issues });
      return;
    }
    // no-cache: the page is tiny and must pick up a new script version at once after a deploy.
    res.set('Cache-Control', 'no-cache');
    res.sendFile(PAGE_FILE, { root: publicFolder, cacheControl: false }, (err) => {
      if (err) next(err);
    });
  });

  return router;
}
