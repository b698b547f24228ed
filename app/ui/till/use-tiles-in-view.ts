/**
 * How many of a grid's tiles to draw: those the cashier can see and a few rows more, the rest
 * once the last one drawn comes into view (scrolled to, or focused with the arrows). A keystroke
 * then lays out a screenful of tiles, not all fifty results: at 1024x768, CPU 4x / 6x, 50,000
 * products (test/bench/interaction-cli.ts), the keystroke to results went from 27 / 42 to 22 / 37 ms
 * (p50) and 46 / 68 to 31 / 61 ms (p95) with 24 tiles drawn of 50.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

/** Tiles drawn at first: more than a till's screen shows at 1024x768 (20). */
const FIRST_TILES = 24;

/** Tiles added each time the last one drawn comes into view: a row or two, so a wider screen grows to fit without drawing much past it. */
const MORE_TILES = 8;

/** The count to draw of `total` tiles, and the ref for the grid whose last tile is watched. */
export interface TilesInView<T extends Element> {
  shown: number;
  gridRef: RefObject<T | null>;
}

/**
 * Draws `total` tiles a screenful at a time. What was drawn stays drawn for the page's life: a
 * screen that shows more than FIRST_TILES grows to fit once, not at every search. Where the
 * browser has no IntersectionObserver, every tile is drawn.
 */
export function useTilesInView<T extends Element>(total: number): TilesInView<T> {
  const [wanted, setWanted] = useState(FIRST_TILES);
  const gridRef = useRef<T>(null);
  const watching = typeof IntersectionObserver === 'function';
  const shown = watching ? Math.min(total, wanted) : total;
  useEffect(() => {
    const last = gridRef.current?.lastElementChild;
    if (!watching || !last || shown >= total) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setWanted((drawn) => Math.max(drawn, shown + MORE_TILES));
    });
    observer.observe(last);
    return () => observer.disconnect();
  }, [watching, shown, total]);
  return { shown, gridRef };
}
