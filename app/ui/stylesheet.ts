/**
 * Stylesheets loaded with the screens that need them. The page names each one's hashed URL in a
 * `<meta>` (build.mjs writes it), and the stylesheet is linked when its screen first opens; the
 * screen waits for it, so it never shows unstyled.
 */

const loaded = new Map<string, Promise<void>>();

/** Links the stylesheet the `<meta name={name}>` names; resolves once it applies. */
export function loadStylesheet(name: string, doc: Document = document): Promise<void> {
  const href = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  // No meta: a page built without it (component tests); the styles are not needed there.
  if (!href) return Promise.resolve();
  let done = loaded.get(href);
  if (!done) {
    done = new Promise<void>((resolve, reject) => {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => {
        link.remove();
        loaded.delete(href);
        reject(new Error(`the stylesheet ${href} did not load`));
      };
      doc.head.append(link);
    });
    loaded.set(href, done);
  }
  return done;
}
