import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../src/api/app.js';
import { envSchema } from '../../src/config.js';
import { projectPath } from '../../src/project-files.js';
import { stubServices } from '../support/stub-services.js';

const readme = readFileSync(projectPath('README.md'), 'utf8');

describe('README matches the code', () => {
  it('documents every setting', () => {
    const missing = Object.keys(envSchema.shape).filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('documents every route', () => {
    const missing = allRoutes(stubServices())
      .map((r) => r.path)
      .filter((path) => !readme.includes(path));
    expect(missing).toEqual([]);
  });

  it('shows the test command that CI runs', () => {
    const ci = readFileSync(projectPath('.ci', 'run'), 'utf8');
    expect(readme).toContain('npm install && npm test');
    expect(ci).toMatch(/\nnpm install[^\n]*\nnpm test\n/);
  });
});
