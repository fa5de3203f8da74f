import { expect, type Page } from '@playwright/test';

/** Buttons a VIEWER may see: signing out and copying text. Anything else would be a mutating control. */
export const ALLOWED_VIEWER_BUTTONS = [/^Sign out$/, /^Copy/];

/** Fails listing every button on the page a VIEWER should not have. */
export async function expectOnlyReadOnlyButtons(page: Page): Promise<void> {
  const names = await page
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()),
    );
  const unexpected = names.filter((name) => !ALLOWED_VIEWER_BUTTONS.some((re) => re.test(name)));
  expect(unexpected, `buttons a VIEWER should not see on ${page.url()}`).toEqual([]);
}
