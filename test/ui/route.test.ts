import { describe, expect, it } from 'vitest';
import { defaultRoute, OFFICE_SECTIONS, parseRoute, routeHash } from '../../app/ui/route.ts';

describe('routes', () => {
  it('round-trips every screen through its hash', () => {
    for (const route of [
      { screen: 'till' } as const,
      ...OFFICE_SECTIONS.map((section) => ({ screen: 'office' as const, section })),
    ]) {
      expect(parseRoute(routeHash(route))).toEqual(route);
    }
  });

  it('opens the back office on its settings, and refuses hashes it does not know', () => {
    expect(parseRoute('#/office')).toEqual({ screen: 'office', section: 'settings' });
    for (const hash of ['', '#', '#/', '#/office/nope', '#/tillx', '#/office/settings/extra'])
      expect(parseRoute(hash)).toBeUndefined();
  });

  it('starts the till for a cashier and the back office for a manager', () => {
    expect(defaultRoute({ staffId: '4', username: null })).toEqual({ screen: 'till' });
    expect(defaultRoute({ staffId: null, username: 'manager@shop' })).toEqual({
      screen: 'office',
      section: 'settings',
    });
    expect(defaultRoute({ staffId: null, username: null })).toEqual({ screen: 'till' });
  });
});
