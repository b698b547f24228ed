/**
 * The `unit` project alone, as a config of its own: what `npm run mutate` (Stryker's vitest
 * runner, which cannot pick a project) runs against each edit. `npm run test:unit` uses
 * `--project unit` on the full config instead; both run the same files.
 */
import { defineConfig } from 'vitest/config';
import config from './vitest.config.ts';

const projects = config.test?.projects ?? [];
const unit = projects.filter(
  (project) => typeof project === 'object' && 'test' in project && project.test?.name === 'unit',
);
if (unit.length !== 1) throw new Error(`test/vitest.config.ts should have one project named unit, not ${unit.length}`);

export default defineConfig({ ...config, test: { ...config.test, projects: unit } });
