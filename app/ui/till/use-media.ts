/** Whether a CSS media query matches, following changes (a till rotated, a window resized). */
import { useEffect, useState } from 'preact/hooks';

/** `matchMedia(query).matches`, kept current; false where the page has no matchMedia. */
export function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const update = (): void => setMatches(list.matches);
    list.addEventListener('change', update);
    update();
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
