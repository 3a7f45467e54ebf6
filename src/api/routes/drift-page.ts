import express from 'express';
import { z } from 'zod';
import { groupIdSchema } from '../../domain/memory.js';
import { projectPath } from '../../project-files.js';
import { defineRoute } from '../route.js';

const PAGE_FILE = 'drift.html';
export const DRIFT_ASSETS_PATH = '/static';

/** The drift page's folder (src/api/public: tsc does not copy it; the Docker image carries it beside dist). */
export function publicFolder(): string {
  return projectPath('src', 'api', 'public');
}

/** The page's script and stylesheet. */
export function driftPageAssets(): express.Handler {
  return express.static(publicFolder(), { index: false });
}

/** GET /groups/:groupId/drift: the drift chart page; it loads /v1/groups/:groupId/drift/chart. */
export function driftPageRoutes() {
  return [
    defineRoute({
      method: 'get',
      path: '/groups/:groupId/drift',
      summary: 'A page with topics over time, the drift curve and era boundaries',
      tag: 'drift',
      params: z.object({ groupId: groupIdSchema }),
      responses: { 200: { description: 'the page', contentType: 'text/html' } },
      handler: async (_input, _req, res) => {
        // no-cache: the page is tiny and must pick up a new script version at once after a deploy.
        res.set('Cache-Control', 'no-cache');
        await new Promise<void>((resolve, reject) =>
          res.sendFile(PAGE_FILE, { root: publicFolder(), cacheControl: false }, (err) =>
            err ? reject(err) : resolve(),
          ),
        );
      },
    }),
  ];
}
