import type { Page } from '@playwright/test';

/**
 * Watches every page of a test for "null", "undefined" or "NaN" in text the user can see: a
 * MutationObserver, installed before the console's own scripts, checks each text node as it appears
 * or changes (transient renderings count too) and reports each sighting with its page path to the
 * test at once (an exposed function survives page loads). Values typed into inputs are skipped.
 */
export const WATCH_SCRIPT = `(() => {
  const WORD = /\\b(null|undefined|NaN)\\b/;
  let reported = 0;
  const look = (node) => {
    const el = node.nodeType === 3 ? node.parentElement : node;
    if (!el || el.nodeType !== 1 || el.closest('input,textarea,select,script,style,noscript')) return;
    const text = node.nodeType === 3 ? node.textContent : el.innerText;
    if (!text || !WORD.test(text)) return;
    if (node.nodeType === 1 && !el.checkVisibility()) return;
    if (node.nodeType === 3 && !el.checkVisibility()) return;
    const m = text.match(/.{0,40}\\b(null|undefined|NaN)\\b.{0,40}/s);
    if (reported++ < 20 && window.__granaryBadText) {
      window.__granaryBadText(location.pathname + location.search + ': "' + (m ? m[0] : text).trim() + '"');
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') look(r.target);
      r.addedNodes.forEach(look);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/** Starts the watch on every document the page loads; sightings go into `into`. */
export async function installWatch(page: Page, into: string[]): Promise<void> {
  await page.exposeFunction('__granaryBadText', (sighting: string) => {
    into.push(sighting);
  });
  await page.addInitScript(WATCH_SCRIPT);
}

/** The visible text of the page right now, for a direct check. */
export async function visibleBadText(page: Page): Promise<string | null> {
  const text = await page.locator('body').innerText();
  const m = text.match(/.{0,40}\b(null|undefined|NaN)\b.{0,40}/);
  return m ? m[0] : null;
}
