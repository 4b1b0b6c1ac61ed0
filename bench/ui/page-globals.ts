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
  remove(): void;
}

export interface PageGlobals {
  document: {
    body: PageElement;
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
  };
  location: { hash: string };
  history: { replaceState(state: unknown, unused: string, url: string): void };
  requestAnimationFrame(callback: (time: number) => void): number;
  localStorage: { setItem(key: string, value: string): void; removeItem(key: string): void };
  addEventListener(
    type: string,
    listener: (event: { timeStamp: number }) => void,
    options: { capture: boolean; once?: boolean },
  ): void;
  removeEventListener(
    type: string,
    listener: (event: { timeStamp: number }) => void,
    options: { capture: boolean },
  ): void;
  setTimeout(callback: () => void, ms: number): number;
  MutationObserver: new (callback: () => void) => {
    observe(target: PageElement, options: Record<string, boolean>): void;
    disconnect(): void;
  };
  __benchMark?: number;
  /** Frames watched from the marked input for a ready script (markNextInput). */
  __benchWatch?: { script: string; painted: Promise<number>; stop(): void };
  /** The pending hover measurement (hoverReadouts). */
  __benchHover?: Promise<number>;
  /** The keys of a typing burst and the table's search in each frame (typingBurst). */
  __benchBurst?: Promise<TypingBurst>;
  /** Draws of the canvas reference chart so far (canvas-reference.ts). */
  __benchReferenceDraws?: number;
  /** The four well charts' lines and detail, for comparing with a settled state. */
  __benchChartsSignature?: () => string;
  __benchExpected?: Record<string, string>;
}

/**
 * Timestamps (performance.now()) of each key typed, and of each frame with what it showed:
 * `at` when its animation-frame callbacks ran (before its paint), `paintedAt` when the task
 * after it ran (once the frame's style, layout and paint were done).
 */
export interface TypingBurst {
  keys: number[];
  frames: Array<{ at: number; paintedAt: number; search: string | null }>;
}
