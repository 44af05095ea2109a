import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

/**
 * Full-page pictures for a person to look at (layout, dark mode), written only when
 * LATCHKEY_SCREENSHOT_DIR names a folder; the test run itself asserts nothing about pixels. Written
 * beside the final name and renamed: two spec files running at once may take the same picture (the
 * first-run page, say), and the last one whole wins rather than a torn file.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.LATCHKEY_SCREENSHOT_DIR;
  if (!dir) return;
  const file = path.join(dir, `${name}.png`);
  const partial = `${file}.${process.pid}.partial`;
  await page.screenshot({ path: partial, type: "png", fullPage: true });
  fs.renameSync(partial, file);
}
