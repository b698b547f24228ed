import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './build.ts';
import { currentLine, NEWEST_LTS, nodeBinary, TESTED_LINES } from './node-lines.mjs';

describe('the tested Node lines', () => {
  it('are the ones package.json accepts and the README names', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(TESTED_LINES.join(' || '));
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const named = `${TESTED_LINES.slice(0, -1).join(', ')} or ${TESTED_LINES.at(-1)}`;
    expect(readme).toContain(`Node ${named}`);
  });

  it('end with the newest LTS', () => {
    expect(Math.max(...TESTED_LINES)).toBe(NEWEST_LTS);
  });

  it("answer this process's own Node for its line, fetching nothing", () => {
    expect(nodeBinary(currentLine())).toBe(process.execPath);
  });
});
