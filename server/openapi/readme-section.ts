export const SECTION_START = "<!-- compatibility:start -->";
export const SECTION_END = "<!-- compatibility:end -->";

function bounds(document: string): { from: number; to: number } {
  const start = document.indexOf(SECTION_START);
  const end = document.indexOf(SECTION_END);
  if (start < 0 || end < start) {
    throw new Error(`README.md needs the markers ${SECTION_START} and ${SECTION_END}, in that order`);
  }
  return { from: start + SECTION_START.length, to: end };
}

/** What stands between the two markers, without the blank lines that frame it. */
export function readSection(document: string): string {
  const { from, to } = bounds(document);
  return document.slice(from, to).trim();
}

/** The document with the text between the markers replaced; everything else byte for byte. */
export function writeSection(document: string, body: string): string {
  const { from, to } = bounds(document);
  return `${document.slice(0, from)}\n${body.trim()}\n${document.slice(to)}`;
}
