import { expect, type Page, test } from "@playwright/test";
import { type EmptyServer, startEmptyServer } from "../support/server";

/**
 * What a browser tab, a phone's home screen and a search engine's crawler ask the server for:
 * the icons, the web manifest and robots.txt, each served with its type and named in every page.
 */
test.describe.configure({ mode: "serial" });

let server: EmptyServer;
let page: Page;

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  page = await browser.newPage({ baseURL: server.baseUrl });
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

async function fetched(path: string, type: RegExp) {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()["content-type"], path).toMatch(type);
  return response;
}

test("each file is served with its content type", async () => {
  const ico = await (await fetched("/favicon.ico", /^image\/(x-icon|vnd\.microsoft\.icon)/)).body();
  // An icon file (type 1) holding three images.
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
  await fetched("/icon.svg", /^image\/svg\+xml/);
  expect(pngSize(await (await fetched("/apple-touch-icon.png", /^image\/png/)).body())).toEqual([180, 180]);
  for (const size of [192, 512])
    expect(pngSize(await (await fetched(`/icon-${size}.png`, /^image\/png/)).body())).toEqual([size, size]);
  const robots = await (await fetched("/robots.txt", /^text\/plain/)).text();
  expect(robots).toMatch(/^User-agent: \*$/m);
  expect(robots).toMatch(/^Disallow: \/$/m);
});

test("the manifest names Latchkey, its colours and icons that exist", async () => {
  const manifest = await (await fetched("/site.webmanifest", /^application\/manifest\+json/)).json();
  expect(manifest).toMatchObject({ name: "Latchkey", theme_color: "#1e293b", background_color: "#ffffff" });
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  for (const icon of manifest.icons as { src: string; type: string }[])
    await fetched(icon.src, new RegExp(`^${icon.type.replace("+", "\\+")}`));
});

test("the pages name the icons and the manifest, and ask not to be indexed", async () => {
  await page.goto("/setup");
  const head = page.locator("head");
  await expect(head.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
  await expect(head.locator('link[rel="icon"][href="/icon.svg"]')).toHaveAttribute("type", "image/svg+xml");
  await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
  await expect(head.locator('link[rel="manifest"]')).toHaveAttribute("href", "/site.webmanifest");
  await expect(head.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
});
