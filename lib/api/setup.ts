import { z } from "zod";
import { ZName } from "./common";
import { ZAuthenticatorParams } from "./credentials";

/** What the first-run page posts: the organization, its first (root) user and their new passkey. */
export const ZFirstRunRequest = z.object({
  organizationName: ZName,
  userName: ZName,
  userEmail: z.email().max(320).optional(),
  challengeToken: z.string().min(1).max(512),
  passkey: ZAuthenticatorParams.omit({ challenge: true }),
});
export type TFirstRunRequest = z.infer<typeof ZFirstRunRequest>;

export interface FirstRunStatus {
  needsSetup: boolean;
}

export interface FirstRunOptions {
  challenge: string;
  challengeToken: string;
  rp: { id: string; name: string };
  /** A fresh random WebAuthn user handle, base64url. */
  userId: string;
}

export interface FirstRunResult {
  organizationId: string;
  userId: string;
  authenticatorId: string;
}
