import { BaseError } from "viem";

/** A library error's one-line reason (viem's without its multi-line "Docs:/Version:" footer). */
export function reasonOf(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}
