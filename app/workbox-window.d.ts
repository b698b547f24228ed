/**
 * workbox-window's package "module" is its ES5 build (2.3 kB gzipped); the ES2017 build beside it
 * is 1.4 kB and this app targets ES2022, so the page imports that file directly. Same API.
 */
declare module 'workbox-window/build/workbox-window.prod.mjs' {
  export * from 'workbox-window';
}
