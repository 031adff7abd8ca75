import type { Page } from "@playwright/test";

/**
 * In the instance list: types `last` onto the search box's text and returns the milliseconds until the
 * count of shown instances (`[data-list-count]`, not the search box's own note, which is live too) changed
 * and the next frame was painted. The keystroke must change the count (a needle of three characters or
 * more that narrows the view); after a minute without a change it fails, naming the search text.
 */
export function keystrokeLatency(page: Page, last: string): Promise<number> {
  return page.evaluate(async (char) => {
    const input = document.querySelector<HTMLInputElement>('input[type="search"]');
    const count = document.querySelector("[data-list-count]");
    if (!input || !count) throw new Error("no list");
    const before = count.textContent;
    const done = new Promise<number>((resolve, reject) => {
      const observer = new MutationObserver(() => {
        if (count.textContent !== before) {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now()));
        }
      });
      observer.observe(count, { childList: true, subtree: true, characterData: true });
      setTimeout(() => {
        observer.disconnect();
        reject(new Error(`search "${input.value}": the count "${before}" did not change within 60 s`));
      }, 60_000);
    });
    const started = performance.now();
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    setter?.call(input, input.value + char);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    return Math.round((await done) - started);
  }, last);
}
