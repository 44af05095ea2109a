import { z } from "zod";
import { ZId } from "./common";

/**
 * One line of decoded content. The content is a tree (a struct's fields, a list's items) sent as
 * its lines in order with their depth: a flat list keeps the schema plain for the OpenAPI document
 * and renders as an indented list.
 */
export const ZDecodedLine = z.object({
  label: z.string(),
  value: z.string().optional(),
  depth: z.number().int().min(0),
});
export type TDecodedLine = z.infer<typeof ZDecodedLine>;

export const DECODED_KINDS = [
  "ethereum-transaction",
  "ethereum-typed-data",
  "eip7702-authorization",
  "solana-transaction",
  "text",
  "hex",
  "undecodable",
] as const;

/**
 * What a signing activity signs, decoded for the person approving it (server/decode). `warning`
 * says plainly what could not be decoded: the dashboard shows it in red rather than guessing.
 */
export const ZDecodedContent = z.object({
  kind: z.enum(DECODED_KINDS),
  /** One line: "Send 0.25 ETH to 0xabab…abab on Ethereum", "Permit 0xdead…beef to spend 1,000 USDC". */
  headline: z.string(),
  fields: z.array(ZDecodedLine),
  warning: z.string().optional(),
});
export type TDecodedContent = z.infer<typeof ZDecodedContent>;

/** Latchkey extension describe_activities: summaries and decoded content, by activity id. */
export const ZDescribeActivitiesRequest = z.object({
  organizationId: ZId,
  activityIds: z.array(ZId).min(1).max(100),
});

export const ZActivityDescription = z.object({
  activityId: z.string(),
  summary: z.string(),
  /** One entry per signed payload or transaction; empty for activities that sign nothing. */
  decoded: z.array(ZDecodedContent),
});
export type TActivityDescription = z.infer<typeof ZActivityDescription>;

export const ZDescribeActivitiesResponse = z.object({ descriptions: z.array(ZActivityDescription) });
