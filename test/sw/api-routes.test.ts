import { describe, expect, it } from 'vitest';
import { routeOf } from '../../sw/api-routes.ts';

const BASE = 'http://till.test/';
const get = (url: string, method = 'GET') => new Request(url, { method });

describe('routeOf', () => {
  it.each([
    ['http://till.test/api/V2/Product?page=3', { type: 'list', kind: 'Product', page: 3 }],
    ['http://till.test/api/V2/Product/?page=1', { type: 'list', kind: 'Product', page: 1 }],
    ['http://till.test/api/V2/TenderType/', { type: 'list', kind: 'TenderType', page: 1 }],
    ['http://till.test/api/V2/DiscoutReason/?page=2', { type: 'list', kind: 'DiscountReason', page: 2 }],
    ['http://till.test/api/V2/DiscountReason/?page=2', { type: 'list', kind: 'DiscountReason', page: 2 }],
    ['http://till.test/api/v2/seatingtable/12', { type: 'get', kind: 'SeatingTable', id: 12 }],
    ['http://till.test/api/V2/Customer/?page=1', { type: 'list', kind: 'Customer', page: 1 }],
    ['http://till.test/api/integration/appsettings', { type: 'settings' }],
    ['http://till.test/API/Integrations/AppSettings/', { type: 'settings' }],
    ['http://till.test/api/V2/Product?page=1&search=(Name|like|tea)', { type: 'other' }],
    ['http://till.test/api/V2/Product?page=0', { type: 'other' }],
    ['http://till.test/api/V2/Nonsense/?page=1', { type: 'other' }],
    ['http://till.test/api/V4/Product', { type: 'other' }],
  ])('%s', (url, route) => {
    expect(routeOf(get(url), BASE)).toEqual(route);
  });

  it('leaves everything else alone: other methods, other origins, app files', () => {
    expect(routeOf(get('http://till.test/api/V2/Product/1', 'PUT'), BASE)).toBeUndefined();
    expect(routeOf(get('http://till.test/api/V2/Customer', 'POST'), BASE)).toBeUndefined();
    expect(routeOf(get('http://elsewhere.test/api/V2/Product?page=1'), BASE)).toBeUndefined();
    expect(routeOf(get('http://till.test/assets/app.js'), BASE)).toBeUndefined();
    expect(routeOf(get('http://till.test/'), BASE)).toBeUndefined();
  });

  it('honours a base on another origin with a path prefix', () => {
    const base = 'https://api.example.test/epos/';
    expect(routeOf(get('https://api.example.test/epos/api/V2/Product?page=2'), base)).toEqual({
      type: 'list',
      kind: 'Product',
      page: 2,
    });
    expect(routeOf(get('https://api.example.test/api/V2/Product?page=2'), base)).toBeUndefined();
    expect(routeOf(get('http://till.test/api/V2/Product?page=2'), base)).toBeUndefined();
  });
});
