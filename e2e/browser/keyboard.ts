import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Press Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would, and check that
 * the focus is visible there: an outline or a focus ring (Tailwind's ring is a box-shadow).
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}) {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectVisibleFocus(target);
      return;
    }
  }
  throw new Error(`${max} presses of ${backwards ? "Shift+Tab" : "Tab"} never reached ${target}`);
}

/** The focused element shows it: an outline or a ring around it. */
export async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  // A ring or an outline may fade in (transition-colors): poll rather than read once.
  await expect
    .poll(() =>
      target.evaluate((element) => {
        const style = getComputedStyle(element);
        const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
        return outline || style.boxShadow !== "none";
      }),
    )
    .toBe(true);
}
