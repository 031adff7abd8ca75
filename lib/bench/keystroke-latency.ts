import type { Page } from "@playwright/test";

/**
 * In the instance list: types `last` onto the search box's text and returns the milliseconds until the
 * count of shown instances changed and the next frame was painted.
 */
export function keystrokeLatency(page: Page, last: string): Promise<number> {
  return page.evaluate(async (char) => {
    const input = document.querySelector<HTMLInputElement>('input[type="search"]');
    const count = document.querySelector('[aria-live="polite"]');
    if (!input || !count) throw new Error("no list");
    const before = count.textContent;
    const done = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (count.textContent !== before) {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now()));
        }
      });
      observer.observe(count, { childList: true, subtree: true, characterData: true });
    });
    const started = performance.now();
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    setter?.call(input, input.value + char);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    return Math.round((await done) - started);
  }, last);
}
