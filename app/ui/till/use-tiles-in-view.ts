/**
 * How many of a grid's tiles to draw: those the cashier can see and a row or two more, the rest
 * once the last one drawn comes into view (scrolled to, or reached with the arrows). A keystroke
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

/** The count to draw of `total` tiles, and the ref for the grid whose tiles are watched. */
export interface TilesInView<T extends Element> {
  shown: number;
  gridRef: RefObject<T | null>;
  /** Draws them all (End, to reach the last); they go again once the grid is back at its top. */
  drawAll(): void;
}

/**
 * Draws `total` tiles a screenful at a time. What fits the screen is learnt once (a bigger screen
 * grows to it while the grid's first tile is in view too) and kept for every search; what a
 * scroll drew goes again once the grid is back at its top. Where the browser has no
 * IntersectionObserver, every tile is drawn.
 */
export function useTilesInView<T extends Element>(total: number): TilesInView<T> {
  const [wanted, setWanted] = useState(FIRST_TILES);
  const fit = useRef(FIRST_TILES);
  const gridRef = useRef<T>(null);
  const watching = typeof IntersectionObserver === 'function';
  const shown = watching ? Math.min(total, wanted) : total;
  useEffect(() => {
    const first = gridRef.current?.firstElementChild;
    const last = gridRef.current?.lastElementChild;
    if (!watching || !first || !last || (shown >= total && wanted <= fit.current)) return;
    const inView = new Map<Element, boolean>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) inView.set(entry.target, entry.isIntersecting);
      if (inView.get(last) && shown < total) {
        const more = shown + MORE_TILES;
        // The whole grid is on screen, top to bottom: the screen holds more than was drawn.
        if (inView.get(first)) fit.current = Math.max(fit.current, more);
        setWanted((drawn) => Math.max(drawn, more));
      } else if (inView.get(first) && !inView.get(last)) {
        setWanted(fit.current);
      }
    });
    observer.observe(first);
    observer.observe(last);
    return () => observer.disconnect();
  }, [watching, shown, total, wanted]);
  return { shown, gridRef, drawAll: () => setWanted((drawn) => Math.max(drawn, total)) };
}
