/**
 * Arrow keys within a grid of tiles, one Tab stop for the whole grid (the roving tabindex of
 * WAI-ARIA's grid patterns): Left and Right step along, Up and Down move a row as the grid is laid
 * out at this width, Home and End go to the ends, Enter and Space press the tile (it is a button).
 * Tabbing through fifty results one by one would take fifty presses.
 */
import { useState } from 'preact/hooks';

/** What a grid's container and its tiles take. */
export interface GridKeys {
  /** The tile that Tab reaches: the last one focused, while the grid still has it. */
  tabIndexOf(index: number): 0 | -1;
  /** Remembers the focused tile, for the next Tab into the grid. */
  onFocusTile(index: number): void;
  /** For the grid's container. */
  onKeyDown(event: KeyboardEvent): void;
}

/**
 * Keys for a grid of `tiles` (the container's buttons, one per item that is not null): Tab comes back to the tile
 * last focused until the items change (another search), then to the first. `onLeaveTop` takes Up
 * from the first row (the search box above the results).
 */
export function useGridKeys(tiles: readonly unknown[], onLeaveTop?: () => void): GridKeys {
  const [active, setActive] = useState({ tiles, index: 0 });
  // A place kept for a tile still to come (null) takes no focus: Tab then reaches the first tile there is.
  const current =
    active.tiles === tiles && tiles[active.index] != null ? active.index : tiles.findIndex((tile) => tile != null);
  return {
    tabIndexOf: (index) => (index === current ? 0 : -1),
    onFocusTile: (index) => setActive({ tiles, index }),
    onKeyDown(event) {
      const container = event.currentTarget as HTMLElement;
      const buttons = [...container.querySelectorAll<HTMLElement>('button')];
      const from = buttons.indexOf(event.target as HTMLElement);
      if (from < 0) return;
      const to = target(event.key, from, columnsOf(buttons), buttons.length);
      if (to === undefined) return;
      event.preventDefault();
      if (to < 0) onLeaveTop?.();
      else buttons[to]?.focus();
    },
  };
}

/** The tile a key moves to: -1 for above the grid, undefined for a key that does not move. */
function target(key: string, from: number, columns: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return Math.min(from + 1, count - 1);
    case 'ArrowLeft':
      return Math.max(from - 1, 0);
    case 'ArrowDown':
      if (from + columns < count) return from + columns;
      // A short last row below: its last tile. On the last row already: stay.
      return Math.floor(from / columns) < Math.floor((count - 1) / columns) ? count - 1 : from;
    case 'ArrowUp':
      return from - columns;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** Tiles in the first row, as laid out now: those whose box starts where the first one's does. */
function columnsOf(tiles: readonly HTMLElement[]): number {
  const top = tiles[0]?.getBoundingClientRect().top;
  let columns = 1;
  while (columns < tiles.length && tiles[columns]?.getBoundingClientRect().top === top) columns++;
  return columns;
}
