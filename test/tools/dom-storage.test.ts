// @vitest-environment happy-dom
/**
 * The component tests' Web Storage is the test DOM's. Since Node 25, Node defines its own global
 * `localStorage` (undefined without `--localstorage-file`), which shadowed happy-dom's and broke
 * every test of the basket's storage on a newcomer's Node 26.
 */
import { afterEach, describe, expect, it } from 'vitest';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the test DOM', () => {
  it.each([
    ['localStorage', () => localStorage],
    ['sessionStorage', () => sessionStorage],
  ])('gives %s as a working Storage of its window', (_name, storage) => {
    expect(storage()).toBeInstanceOf(window.Storage);
    storage().setItem('till', 'Front counter');
    expect(storage().getItem('till')).toBe('Front counter');
    expect(storage().length).toBe(1);
  });
});
