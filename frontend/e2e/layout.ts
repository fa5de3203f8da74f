import { expect, type Page } from '@playwright/test';

/** The widths every page must fit: a laptop and a desktop screen. */
export const WIDTHS = [1280, 1920] as const;

/**
 * Fails when the page itself scrolls sideways at this width (wide tables scroll inside their
 * card), naming the widest element that sticks out of the window.
 */
export async function noPageScroll(page: Page, name: string, width: number): Promise<void> {
  const { scroll, client, culprit } = await page.evaluate(() => {
    const root = document.documentElement;
    let culprit = '';
    let widest = root.clientWidth;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const right = el.getBoundingClientRect().right;
      if (right > widest + 1 && el.checkVisibility()) {
        widest = right;
        culprit = `${el.tagName.toLowerCase()}.${el.className} (${Math.round(right)} px)`;
      }
    }
    return { scroll: root.scrollWidth, client: root.clientWidth, culprit };
  });
  expect(scroll, `${name} at ${width} px scrolls sideways; widest: ${culprit}`).toBeLessThanOrEqual(
    client + 1,
  );
}
