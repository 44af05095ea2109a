import { expect, type Locator, type Page } from "@playwright/test";

/** A phone as the issue describes it: 390 × 844 CSS pixels, touch, a mobile viewport. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The page never scrolls sideways: the document is no wider than the window. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect
    .soft(scrollWidth, `${what} is ${scrollWidth}px wide in a ${innerWidth}px window`)
    .toBeLessThanOrEqual(innerWidth);
}

/**
 * Every visible control a thumb would press (buttons, text fields, selects) is at least 44 × 44 CSS
 * pixels (WCAG 2.5.5); checkboxes are exempt, their label is the target. Failures are listed by name;
 * both checks are soft, so one run of a page loop names every page that fails, not only the first.
 */
export async function expectTouchTargets(scope: Locator, what: string): Promise<void> {
  const small = await scope
    .locator("button:not([role=checkbox]), select, input:not([type=checkbox]):not([type=radio]), textarea")
    .evaluateAll((elements) =>
      elements.flatMap((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        if (box.width === 0 || style.visibility === "hidden") return [];
        if (box.height >= 44 && box.width >= 44) return [];
        const name =
          element.getAttribute("aria-label") ??
          element.textContent?.trim() ??
          element.getAttribute("id") ??
          "";
        return [
          `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        ];
      }),
    );
  expect.soft(small, `controls under 44 px on ${what}`).toEqual([]);
}
