import path from "node:path";
import type { Page } from "@playwright/test";

/**
 * Full-page pictures for a person to look at (layout, dark mode), written only when
 * LATCHKEY_SCREENSHOT_DIR names a folder; the test run itself asserts nothing about pixels.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.LATCHKEY_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
