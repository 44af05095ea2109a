import { z } from "zod";
import { ZId } from "./common";

/** ALLOW or DENY: what happens when the client's address cannot be known or a rule cannot be read. */
export const ZOnEvaluationError = z.enum(["ALLOW", "DENY"], {
  error: "must be ALLOW or DENY",
});

/** Shape only; whether the text is a CIDR block is the server's check (server/ip-allowlist/cidr.ts). */
export const ZIpAllowlistIntentRule = z.object({
  cidr: z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters"),
  label: z.string().max(256, "must be at most 256 characters").optional(),
});

export const ZSetIpAllowlistParams = z.object({
  publicKey: z.string().min(1).max(256).optional(),
  enabled: z.boolean().optional(),
  rules: z.array(ZIpAllowlistIntentRule).max(256, "must be at most 256 rules").optional(),
  onEvaluationError: ZOnEvaluationError.optional(),
});
export type TSetIpAllowlistParams = z.infer<typeof ZSetIpAllowlistParams>;

export const ZRemoveIpAllowlistParams = z.object({ publicKey: z.string().min(1).max(256).optional() });

export const ZIpAllowlistRule = z.object({
  cidr: z.string(),
  label: z.string().optional(),
  createdAt: z.string().optional(),
});

export const ZIpAllowlist = z.object({
  organizationId: z.string(),
  rules: z.array(ZIpAllowlistRule),
  publicKey: z.string().optional(),
  enabled: z.boolean().optional(),
  onEvaluationError: ZOnEvaluationError.optional(),
});
export type TIpAllowlist = z.infer<typeof ZIpAllowlist>;

export const ZGetIpAllowlistRequest = z.object({ organizationId: ZId, publicKey: z.string().optional() });
export const ZGetIpAllowlistResponse = z.object({ allowlist: ZIpAllowlist });
