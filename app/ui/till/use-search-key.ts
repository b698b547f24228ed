/**
 * `/` or F2 brings focus back to the product search from anywhere on the till: after a sale,
 * focus may sit on a payment button fifty tabs away. `/` typed in a text field stays a `/`.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { isTypedField } from './typed-field.ts';

/**
 * Focuses (and selects) `search` on F2 anywhere, or `/` outside a text field; `uncover` runs first,
 * to close what lies over the box (the basket sheet on a phone makes the rest of the page inert).
 */
export function useSearchKey(search: RefObject<HTMLInputElement | null>, uncover?: () => void): void {
  // The latest `uncover`, without listening afresh on every render.
  const latest = useRef(uncover);
  latest.current = uncover;
  useEffect(() => {
    const listen = (event: KeyboardEvent): void => {
      if (event.ctrlKey || event.altKey || event.metaKey) return;
      const wanted = event.key === 'F2' || (event.key === '/' && !isTypedField(event.target));
      if (!wanted || !search.current) return;
      event.preventDefault();
      latest.current?.();
      search.current.focus();
      search.current.select();
    };
    document.addEventListener('keydown', listen);
    return () => document.removeEventListener('keydown', listen);
  }, [search]);
}
