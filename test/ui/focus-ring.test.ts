/**
 * The focus ring every control shares (app/main.css) stands out at WCAG's 3:1 against the
 * backgrounds it is drawn on: white panels and the page's grey.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../tools/build.ts';

const css = readFileSync(join(ROOT, 'app/main.css'), 'utf8');

function variable(name: string): string {
  const found = new RegExp(`${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css);
  if (!found?.[1]) throw new Error(`main.css has no ${name}`);
  return found[1];
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the focus ring', () => {
  it('is drawn in a colour at 3:1 or better on white and on the page background', () => {
    const ring = /:focus-visible\s*\{[^}]*outline:\s*3px solid ([^;]+);/.exec(css)?.[1]?.trim();
    const colour = ring === 'var(--accent)' ? variable('--accent') : (ring ?? '');
    expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    const page = /:root\s*\{[^}]*background:\s*(#[0-9a-f]{6})/i.exec(css)?.[1] ?? '';
    expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(colour, page)).toBeGreaterThanOrEqual(3);
    // The amber it replaced fails, which is what this test is for.
    expect(contrast('#f59e0b', '#ffffff')).toBeLessThan(3);
  });
});
