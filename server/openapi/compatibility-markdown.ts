import { type CompatibilityRow, compatibilityRows } from "./compatibility";

const table = (header: string[], rows: string[][]) =>
  [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");

/**
 * The README's compatibility section: the overall count, a per-group summary to read at a glance,
 * and the full table folded away (it runs to some two hundred rows).
 */
export function compatibilityMarkdown(rows: CompatibilityRow[] = compatibilityRows()): string {
  const reference = rows.filter((r) => r.status !== "Latchkey extension");
  const supported = reference.filter((r) => r.status === "supported");
  const extensions = rows.length - reference.length;

  const groups = [...new Set(reference.map((r) => r.group))];
  const summary = groups.map((group) => {
    const inGroup = reference.filter((r) => r.group === group);
    const served = inGroup.filter((r) => r.status === "supported").length;
    return [group, `${served} of ${inGroup.length}`];
  });

  return [
    `**${supported.length} of ${reference.length} reference paths supported**, plus ${extensions} Latchkey ` +
      `extension${extensions === 1 ? "" : "s"}.`,
    "",
    table(["Group", "Supported"], summary),
    "",
    "<details><summary>Every path</summary>",
    "",
    table(
      ["Group", "Path", "Kind", "Status"],
      rows.map((r) => [r.group, `\`${r.path}\``, r.kind, r.status]),
    ),
    "",
    "</details>",
  ].join("\n");
}
