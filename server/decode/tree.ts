import type { TDecodedContent, TDecodedLine } from "@/lib/api/activity-summary";

/** A decoded field as the decoders build it: a value, or a struct / list of further fields. */
export interface DecodedNode {
  label: string;
  value?: string;
  children?: DecodedNode[];
}

/** What a decoder returns: the content with its fields still a tree. */
export type DecodedTree = Omit<TDecodedContent, "fields"> & { fields: DecodedNode[] };

/** The tree as the wire's lines, depth first, each with its depth. */
export function flatten(tree: DecodedTree): TDecodedContent {
  const lines: TDecodedLine[] = [];
  const walk = (nodes: DecodedNode[], depth: number) => {
    for (const node of nodes) {
      lines.push({ label: node.label, ...(node.value !== undefined ? { value: node.value } : {}), depth });
      if (node.children) walk(node.children, depth + 1);
    }
  };
  walk(tree.fields, 0);
  return { ...tree, fields: lines };
}
