/**
 * `/` or F2 brings focus back to the product search from anywhere on the till: after a sale,
 * focus may sit on a payment button fifty tabs away. `/` typed in a text field stays a `/`.
 */
import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';
import { isTypedField } from './typed-field.ts';

/** Focuses (and selects) `search` on F2 anywhere, or `/` outside a text field. */
export function useSearchKey(search: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const listen = (event: KeyboardEvent): void => {
      if (event.ctrlKey || event.altKey || event.metaKey) return;
      const wanted = event.key === 'F2' || (event.key === '/' && !isTypedField(event.target));
      if (!wanted || !search.current) return;
      event.preventDefault();
      search.current.focus();
      search.current.select();
    };
    document.addEventListener('keydown', listen);
    return () => document.removeEventListener('keydown', listen);
  }, [search]);
}
