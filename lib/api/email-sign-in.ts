import { z } from "zod";
import { ZOrganizationRequest } from "./common";
import { ZEmail } from "./users";

/** The dashboard's e-mail sign-in, step 1: mail a code to the user with this verified address. */
export const ZEmailSignInCodeRequest = z.object({
  organizationId: ZOrganizationRequest.shape.organizationId,
  email: ZEmail,
});
export type TEmailSignInCodeRequest = z.infer<typeof ZEmailSignInCodeRequest>;

export interface EmailSignInCodeResult {
  otpId: string;
  /** The flow's target key, signed by the server key (@turnkey/crypto's encryptOtpCodeToBundle checks it). */
  otpEncryptionTargetBundle: string;
  /** The server signing key's public half, the key that signed the target bundle. */
  serverSigningPublicKey: string;
}

/** Step 2: the code, sealed to the target together with the session key it will start. */
export const ZEmailSignInSessionRequest = z.object({
  organizationId: ZOrganizationRequest.shape.organizationId,
  otpId: z.string().min(1).max(128),
  encryptedOtpBundle: z.string().min(1).max(8192),
});
export type TEmailSignInSessionRequest = z.infer<typeof ZEmailSignInSessionRequest>;

export interface EmailSignInSessionResult {
  /** The session JWT, as stamp_login and otp_login return it. */
  session: string;
}
