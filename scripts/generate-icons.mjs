// Development tool, not part of the product: renders public/icon.svg into the PNG and ICO files
// beside it. The outputs are committed; run `node scripts/generate-icons.mjs` after changing the SVG.
// sharp comes with Next (its image optimiser), so no extra dependency is needed for this.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const PUBLIC = path.resolve(import.meta.dirname, "../public");
const svg = readFileSync(path.join(PUBLIC, "icon.svg"), "utf8");
// Home-screen icons are cut to shape by the platform: give them square corners to cut.
const square = svg.replace(/ rx="\d+"/, "");

const png = (source, size) =>
  sharp(Buffer.from(source), { density: 72 * (size / 32) })
    .resize(size, size)
    .png()
    .toBuffer();

/** An ICO holding PNG images, as every current browser reads it. */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry); // width, 0 meaning 256
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

const outputs = {
  "icon-192.png": await png(svg, 192),
  "icon-512.png": await png(svg, 512),
  "apple-touch-icon.png": await png(square, 180),
  "favicon.ico": ico(
    await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(svg, size) }))),
  ),
};
for (const [name, data] of Object.entries(outputs)) {
  writeFileSync(path.join(PUBLIC, name), data);
  console.log(`${name}: ${data.length} bytes`);
}
