import { randomFillSync } from "node:crypto";

// On globalThis: Next.js bundles this module more than once (instrumentation, route handlers), and
// every copy in one process must draw from one clock for its ids to keep increasing.
const KEY = Symbol.for("latchkey.idClock");
type Holder = { [KEY]?: { lastMs: number; sequence: number } };
const holder = globalThis as Holder;
holder[KEY] ??= { lastMs: 0, sequence: 0 };
const clock = holder[KEY];

// The random bits, drawn from the CSPRNG a page at a time: one call into OpenSSL per 256 ids rather
// than one per id (randomBytes(16) costs ~2 µs, a slice of the page ~0.15 µs, and a signed activity
// makes several ids). Each page is used once, front to back. Ids are not secrets; no key, nonce or
// token comes from here.
const IDS_PER_PAGE = 256;
const page = Buffer.alloc(16 * IDS_PER_PAGE);
let pageUsed = IDS_PER_PAGE;

function randomIdBytes(): Buffer {
  if (pageUsed === IDS_PER_PAGE) {
    randomFillSync(page);
    pageUsed = 0;
  }
  const bytes = Buffer.allocUnsafe(16);
  page.copy(bytes, 0, pageUsed * 16, pageUsed * 16 + 16);
  pageUsed++;
  return bytes;
}

/**
 * UUIDv7 (RFC 9562): a 48-bit millisecond timestamp, a 12-bit sequence, then random bits. Ids made
 * by one process are strictly increasing (the sequence orders ids within one millisecond), so
 * `before`/`after` cursors and "newest first" listings can order by id alone.
 */
export function newId(nowMs: number = Date.now()): string {
  if (nowMs > clock.lastMs) {
    clock.lastMs = nowMs;
    clock.sequence = 0;
  } else if (++clock.sequence > 0xfff) {
    clock.lastMs += 1;
    clock.sequence = 0;
  }
  const { sequence } = clock;
  const bytes = randomIdBytes();
  let ms = clock.lastMs;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
