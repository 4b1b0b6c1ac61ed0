/**
 * The browser globals that code passed to page.evaluate uses. The root tsconfig has no
 * DOM library (the benchmarks run in Node); these loose types keep that code checked
 * without pulling the DOM's types into every Node file. Use as
 * `(globalThis as unknown as PageGlobals)` inside the evaluated function: it runs in
 * the page, where imports do not exist.
 */
export interface PageElement {
  scrollTop: number;
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
}

export interface PageGlobals {
  document: { querySelector(selector: string): PageElement | null };
  location: { hash: string };
  history: { replaceState(state: unknown, unused: string, url: string): void };
  requestAnimationFrame(callback: (time: number) => void): number;
  localStorage: { setItem(key: string, value: string): void; removeItem(key: string): void };
  addEventListener(
    type: string,
    listener: (event: { timeStamp: number }) => void,
    options: { capture: boolean; once: boolean },
  ): void;
  __benchMark?: number;
}
