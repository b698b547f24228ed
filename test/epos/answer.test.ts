import { describe, expect, it } from 'vitest';
import { looksLikeHtml, parseRetryAfter, readServerAnswer } from '../../app/epos/answer.ts';

const keep = (text: string): string => text;

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it.each([
    [null, undefined],
    ['', undefined],
    ['0', 0],
    ['7', 7000],
    [' 120 ', 120_000],
    ['Sun, 22 Nov 2026 12:00:30 GMT', 30_000],
    ['Sun, 22 Nov 2026 11:00:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
  ])('%j -> %j', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('readServerAnswer', () => {
  it('reads an ASP.NET body with ModelState', () => {
    const body = JSON.stringify({
      Message: 'The request is invalid.',
      ModelState: { 'product.Name': ['Name is required.'] },
    });
    expect(readServerAnswer(400, new Headers(), body, keep)).toEqual({
      status: 400,
      serverMessage: 'The request is invalid.',
      modelState: { 'product.Name': ['Name is required.'] },
    });
  });

  it('reads other JSON shapes and a bare JSON string', () => {
    expect(readServerAnswer(400, new Headers(), '{"message":"bad"}', keep).serverMessage).toBe('bad');
    expect(readServerAnswer(400, new Headers(), '{"error":"nope"}', keep).serverMessage).toBe('nope');
    expect(readServerAnswer(500, new Headers(), '"boom"', keep).serverMessage).toBe('boom');
    expect(readServerAnswer(500, new Headers(), '{"unrelated":1}', keep).serverMessage).toBeUndefined();
  });

  it('reads plain text and HTML pages as one short line', () => {
    expect(readServerAnswer(502, new Headers(), 'Bad gateway\n\n  upstream', keep).serverMessage).toBe(
      'Bad gateway upstream',
    );
    const html =
      '<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head><body><h1>Down</h1></body></html>';
    expect(readServerAnswer(503, new Headers(), html, keep).serverMessage).toBe('HTML page: 503 Service Unavailable');
    const long = 'x'.repeat(5000);
    expect(readServerAnswer(500, new Headers(), long, keep).serverMessage?.length).toBe(300);
  });

  it('takes Retry-After from the headers and removes the token via redact', () => {
    const answer = readServerAnswer(
      429,
      new Headers({ 'Retry-After': '3' }),
      '{"Message":"API Limit Exceeded for SECRET"}',
      (t) => t.replace('SECRET', '[token]'),
    );
    expect(answer).toEqual({ status: 429, retryAfterMs: 3000, serverMessage: 'API Limit Exceeded for [token]' });
  });

  it('leaves an empty body without a message', () => {
    expect(readServerAnswer(404, new Headers(), '', keep)).toEqual({ status: 404 });
  });
});

describe('looksLikeHtml', () => {
  it('spots pages and not JSON', () => {
    expect(looksLikeHtml('  <!doctype html><p>')).toBe(true);
    expect(looksLikeHtml('<HTML>')).toBe(true);
    expect(looksLikeHtml('[{"a":"<html>"}]')).toBe(false);
  });
});
