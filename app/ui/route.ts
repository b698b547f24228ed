/**
 * Which screen is open, kept in the address's hash (#/till, #/office/settings...), so a reload
 * stays where it was and the browser's back button works. Epos Now opens the app on the till
 * with a staff id and in the back office with a user name: that picks the first screen.
 */
import { useEffect, useState } from 'preact/hooks';
import type { BootContext } from '../store/schema.ts';

/** The back office's sections, in the order its tabs show them. */
export const OFFICE_SECTIONS = ['settings', 'sync', 'changes', 'records'] as const;

/** A back-office section. */
export type OfficeSection = (typeof OFFICE_SECTIONS)[number];

/** A screen. */
export type Route = { screen: 'till' } | { screen: 'office'; section: OfficeSection };

/** The hash of a route. */
export function routeHash(route: Route): string {
  return route.screen === 'till' ? '#/till' : `#/office/${route.section}`;
}

/** The route a hash names, or undefined for anything else. */
export function parseRoute(hash: string): Route | undefined {
  if (hash === '#/till') return { screen: 'till' };
  const section = /^#\/office(?:\/([a-z]+))?$/.exec(hash)?.[1] ?? (hash === '#/office' ? 'settings' : undefined);
  return (OFFICE_SECTIONS as readonly string[]).includes(section ?? '')
    ? { screen: 'office', section: section as OfficeSection }
    : undefined;
}

/** Where the app opens when the address names no screen. */
export function defaultRoute(context: Pick<BootContext, 'staffId' | 'username'>): Route {
  return context.username && !context.staffId ? { screen: 'office', section: 'settings' } : { screen: 'till' };
}

/** The open route, following the hash. */
export function useRoute(fallback: Route): Route {
  const read = (): Route => parseRoute(window.location.hash) ?? fallback;
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const onChange = (): void => setRoute(read());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
