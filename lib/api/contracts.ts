import { z } from "zod";
import { ZId, ZName, ZTimestamp } from "./common";

export const SMART_CONTRACT_INTERFACE_TYPES = [
  "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
  "SMART_CONTRACT_INTERFACE_TYPE_SOLANA",
] as const;
export const ZSmartContractInterfaceType = z.enum(SMART_CONTRACT_INTERFACE_TYPES);
export type TSmartContractInterfaceType = z.infer<typeof ZSmartContractInterfaceType>;

/**
 * The enforced limit on `smartContractInterface`: 400,000 bytes of UTF-8 (the API says "400kb").
 * Counted in bytes, not characters, so a definition full of non-ASCII text is held to the same size.
 */
export const SMART_CONTRACT_INTERFACE_MAX_BYTES = 400_000;

/** UTF-8 length without allocating a copy of a 400 kB string (browser and server alike). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

export const ZSmartContractInterfaceDefinition = z
  .string()
  .min(1, "must not be empty")
  .superRefine((text, ctx) => {
    const bytes = utf8ByteLength(text);
    if (bytes > SMART_CONTRACT_INTERFACE_MAX_BYTES) {
      ctx.addIssue({
        code: "custom",
        message: `must be at most ${SMART_CONTRACT_INTERFACE_MAX_BYTES} bytes of UTF-8 (this one is ${bytes})`,
      });
    } else if (!text.isWellFormed()) {
      // A lone UTF-16 surrogate (possible through a JSON "\ud800" escape) could not be stored as sent.
      ctx.addIssue({ code: "custom", message: "must be well-formed Unicode (it has a lone surrogate)" });
    }
  });

export const ZCreateSmartContractInterfaceParams = z.object({
  /** An Ethereum contract address or a Solana program id; checked against `type` when executed. */
  smartContractAddress: z.string().min(1, "must not be empty").max(128, "must be at most 128 characters"),
  /** The ABI (Ethereum) or Anchor IDL (Solana) as a JSON string. */
  smartContractInterface: ZSmartContractInterfaceDefinition,
  type: ZSmartContractInterfaceType,
  label: ZName,
  notes: z.string().max(10_000, "must be at most 10000 characters").optional(),
});
export type TCreateSmartContractInterfaceParams = z.infer<typeof ZCreateSmartContractInterfaceParams>;

export const ZDeleteSmartContractInterfaceParams = z.object({ smartContractInterfaceId: ZId });

export const ZSmartContractInterfaceResult = z.object({ smartContractInterfaceId: z.string() });

export const ZSmartContractInterface = z.object({
  organizationId: z.string(),
  smartContractInterfaceId: z.string(),
  smartContractAddress: z.string(),
  smartContractInterface: z.string(),
  type: z.string(),
  label: z.string(),
  notes: z.string(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TSmartContractInterface = z.infer<typeof ZSmartContractInterface>;

export const ZGetSmartContractInterfaceRequest = z.object({
  organizationId: ZId,
  smartContractInterfaceId: ZId,
});
export const ZGetSmartContractInterfaceResponse = z.object({
  smartContractInterface: ZSmartContractInterface,
});
export const ZListSmartContractInterfacesResponse = z.object({
  smartContractInterfaces: z.array(ZSmartContractInterface),
});
