import { describe, expect, it } from 'vitest';
import { createClient } from '../../app/epos/client.ts';
import { contextProblem } from '../../app/epos/transport-check.ts';
import { contextFromQuery, withoutToken } from '../../app/store/context.ts';
import type { BootContext } from '../../app/store/schema.ts';

const token = (search: string) => contextFromQuery(search)?.token;

const CONTEXT: BootContext = {
  baseUrl: '',
  token: 'ZGVtbzpzZWNyZXQ=',
  deviceId: '1',
  locationId: '1',
  staffId: '1',
  username: null,
  locationAreaId: null,
};

describe('contextFromQuery', () => {
  it('takes a token Epos Now passes unencoded as it is: a + stays a +, not a space', () => {
    expect(token('?appToken=abc+def==&deviceID=1')).toBe('abc+def==');
    expect(contextFromQuery('?deviceID=7&appToken=a+b+c=&staffID=3')).toMatchObject({
      token: 'a+b+c=',
      deviceId: '7',
      staffId: '3',
    });
  });

  it('still takes a percent-encoded token', () => {
    expect(token('?appToken=abc%2Bdef%3D%3D')).toBe('abc+def==');
    expect(token('?appToken=dG9rZW4%3D')).toBe('dG9rZW4=');
  });

  it('keeps a space that was encoded as one (the page then says the token cannot be used) and trims the ends', () => {
    expect(token('?appToken=abc%20def')).toBe('abc def');
    expect(token('?appToken=%20abc%2Bdef%20')).toBe('abc+def');
    expect(token('?appToken=%20')).toBeUndefined();
    expect(token('?deviceID=1')).toBeUndefined();
  });

  it("a till opened from Epos Now keeps its stored API base; a new one starts at the build's (EPOS_API_BASE), else this origin", () => {
    expect(contextFromQuery('?appToken=abc')?.baseUrl).toBe('');
    expect(contextFromQuery('?appToken=abc', undefined, 'https://api.eposnowhq.com')?.baseUrl).toBe(
      'https://api.eposnowhq.com',
    );
    const stored = { ...CONTEXT, baseUrl: 'https://proxy.shop.example' };
    expect(contextFromQuery('?appToken=abc', stored, 'https://api.eposnowhq.com')?.baseUrl).toBe(
      'https://proxy.shop.example',
    );
    // A till that chose this origin keeps it ('' is a choice, not an absence).
    expect(contextFromQuery('?appToken=abc', CONTEXT, 'https://api.eposnowhq.com')?.baseUrl).toBe('');
  });

  it('reads a malformed escape leniently instead of throwing', () => {
    expect(token('?appToken=abc%zz+d')).toBe('abc%zz+d');
  });

  it('takes the token out of the address, however it was encoded', () => {
    expect(withoutToken('?appToken=abc+def==&deviceID=1')).toBe('?deviceID=1');
    expect(withoutToken('?appToken=abc%2Bdef%3D%3D')).toBe('');
  });
});

describe('contextProblem', () => {
  it('says why the worker cannot build a client from a context, and only then: the client\u2019s own check', () => {
    for (const bad of ['abc def', 'abc\u00e9', '', 'tab\there']) {
      const problem = contextProblem({ ...CONTEXT, token: bad });
      expect(problem, JSON.stringify(bad)).toMatch(/token/);
      expect(problem).not.toContain(bad || '\u0000');
      expect(() => createClient({ baseUrl: 'http://127.0.0.1', token: bad })).toThrow(TypeError);
    }
    expect(contextProblem(CONTEXT)).toBeNull();
    expect(contextProblem({ ...CONTEXT, token: 'abc+def==' })).toBeNull();
    expect(() => createClient({ baseUrl: 'http://127.0.0.1', token: 'abc+def==' })).not.toThrow();
  });

  it('refuses an API base that is not this origin (\u2018\u2019) or an https address (http only on this machine)', () => {
    for (const base of [
      '',
      'https://api.eposnowhq.com',
      'https://api.eposnowhq.com/base',
      'http://127.0.0.1:8080',
      'http://localhost:5173',
      'http://[::1]:8080',
    ]) {
      expect(contextProblem({ ...CONTEXT, baseUrl: base }), base).toBeNull();
    }
    // Plain http elsewhere would carry the token in the clear, readable on every network it crosses.
    for (const base of [
      'http://api.eposnowhq.com',
      'http://192.168.1.20:8080',
      'http://localhost.example.com',
      'api.eposnowhq.com',
      'ftp://x.example',
      'https://',
      'javascript:alert(1)',
    ]) {
      expect(contextProblem({ ...CONTEXT, baseUrl: base }), base).toMatch(/API address/);
    }
  });
});
