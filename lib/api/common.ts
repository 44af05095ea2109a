import { z } from "zod";

/** `{seconds, nanos}` as strings: the timestamp shape every official client parses. */
export const ZTimestamp = z.object({ seconds: z.string(), nanos: z.string() });
export type TTimestamp = z.infer<typeof ZTimestamp>;

export function toTimestamp(date: Date): TTimestamp {
  const ms = date.getTime();
  return { seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1_000_000) };
}

export const ZId = z.string().min(1, "must not be empty").max(128, "must be at most 128 characters");
export const ZName = z.string().trim().min(1, "must not be empty").max(256, "must be at most 256 characters");

export const ZPagination = z
  .object({
    limit: z
      .string()
      .regex(/^\d+$/, "must be a number as a string")
      .refine((v) => Number(v) >= 1 && Number(v) <= 100, "must be between 1 and 100")
      .optional(),
    before: z.string().optional(),
    after: z.string().optional(),
  })
  .optional();
export type TPagination = z.infer<typeof ZPagination>;

/** A decimal integer carried as a string, as the API carries 64-bit numbers. */
export const ZUintString = z.string().regex(/^\d{1,15}$/, "must be a non-negative integer as a string");

export const ZOrganizationRequest = z.object({ organizationId: ZId });
