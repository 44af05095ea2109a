import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { otpCodeKey } from "../crypto/master-key-derived";
import type { DbOrTx } from "../db/client";
import { type OtpFlowRow, otpFlows } from "../db/schema";
import { ApiError, invalid, notFound } from "../errors";
import { newId } from "../ids";
import { OtpBundleError, type OtpSubmission, openOtpBundle, shredOtpTarget } from "../signer/otp-targets";
import { shredMailBody } from "../signer/sealed-mail";
import { generateOtpCode, otpCodeHmac, otpCodeMatches } from "./code";

/** Wrong codes a flow takes; the last of them locks it. */
export const MAX_WRONG_CODES = 5;

const precondition = (message: string) => new ApiError("FAILED_PRECONDITION", "OTP_FLOW_UNUSABLE", message);

/** What a flow may be spent on; a flow is found only by the step of its own purpose. */
export type OtpPurpose = "OTP" | "SIGN_IN" | "OTP_AUTH";

/** What the client sent: the code sealed with its key (verify_otp, sign-in) or, for otp_auth, in the clear. */
export type CodeSubmission = { encryptedOtpBundle: string } | { otpCode: string };

/** A new PENDING flow for `contact`: its code (to send, never stored) and its row. */
export async function insertOtpFlow(
  app: AppContext,
  tx: DbOrTx,
  input: {
    organizationId: string;
    otpType?: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS";
    purpose?: OtpPurpose;
    contact: string;
    length: number;
    alphanumeric: boolean;
    seconds: number;
    now: Date;
  },
): Promise<{ otpId: string; code: string; expiresAt: Date }> {
  const code = generateOtpCode(input.length, input.alphanumeric);
  const salt = randomBytes(16).toString("hex");
  const otpId = newId(input.now.getTime());
  const expiresAt = new Date(input.now.getTime() + input.seconds * 1000);
  await tx.insert(otpFlows).values({
    id: otpId,
    organizationId: input.organizationId,
    otpType: input.otpType ?? "OTP_TYPE_EMAIL",
    purpose: input.purpose ?? "OTP",
    contact: input.contact,
    codeHmac: otpCodeHmac(otpCodeKey(app.masterKey), salt, code),
    salt,
    status: "PENDING",
    expiresAt,
    createdAt: input.now,
    updatedAt: input.now,
  });
  return { otpId, code, expiresAt };
}

/** The flow, locked for the rest of the transaction, if it is still one a code can be checked against. */
async function usableFlow(
  tx: DbOrTx,
  organizationId: string,
  otpId: string,
  now: Date,
  purpose: OtpPurpose = "OTP",
): Promise<OtpFlowRow> {
  const [flow] = await tx
    .select()
    .from(otpFlows)
    .where(
      and(eq(otpFlows.id, otpId), eq(otpFlows.organizationId, organizationId), eq(otpFlows.purpose, purpose)),
    )
    .for("update");
  if (!flow) throw notFound("OTP flow", otpId);
  if (flow.status === "VERIFIED") {
    throw precondition(
      `OTP flow ${otpId} was already verified; a code works once — start a new flow with init_otp`,
    );
  }
  if (flow.status === "LOCKED") {
    throw precondition(
      `OTP flow ${otpId} is locked after ${MAX_WRONG_CODES} wrong codes; start a new flow with init_otp`,
    );
  }
  if (flow.expiresAt.getTime() <= now.getTime()) {
    throw precondition(
      `OTP flow ${otpId} expired at ${flow.expiresAt.toISOString()}; start a new flow with init_otp`,
    );
  }
  return flow;
}

async function openSubmission(
  app: AppContext,
  tx: DbOrTx,
  flow: OtpFlowRow,
  bundle: string,
): Promise<OtpSubmission> {
  try {
    return await openOtpBundle(tx, app.keyring, flow.organizationId, flow.id, bundle);
  } catch (error) {
    if (error instanceof OtpBundleError) throw invalid(error.message, "parameters.encryptedOtpBundle");
    throw error;
  }
}

/** The typed code (and, from a sealed bundle, the client key sealed with it). */
async function submitted(
  app: AppContext,
  tx: DbOrTx,
  flow: OtpFlowRow,
  input: CodeSubmission,
): Promise<{ otpCode: string; publicKey?: string }> {
  if ("otpCode" in input) return { otpCode: input.otpCode };
  return openSubmission(app, tx, flow, input.encryptedOtpBundle);
}

/** A flow that ended (verified, locked): its target key and its message's kept body go. */
async function endFlowSecrets(tx: DbOrTx, flow: OtpFlowRow): Promise<void> {
  await shredOtpTarget(tx, flow.id);
  if (flow.emailMessageId) await shredMailBody(tx, flow.emailMessageId);
}

const codeIsRight = (app: AppContext, flow: OtpFlowRow, typed: string) =>
  otpCodeMatches(otpCodeKey(app.masterKey), flow.salt, flow.codeHmac, typed);

/**
 * verify_otp's admission, in a transaction of its own that commits whatever the outcome: a wrong
 * code counts, and the fifth locks the flow (its target key shredded), before the 400 goes out. A
 * right code changes nothing here; the activity's transaction consumes the flow.
 */
export async function countOtpAttempt(
  app: AppContext,
  input: CodeSubmission & { organizationId: string; otpId: string; now: Date; purpose?: OtpPurpose },
): Promise<void> {
  const wrong = await app.db.transaction(async (tx) => {
    const flow = await usableFlow(tx, input.organizationId, input.otpId, input.now, input.purpose);
    const submission = await submitted(app, tx, flow, input);
    if (codeIsRight(app, flow, submission.otpCode)) return undefined;
    const failed = flow.failedAttempts + 1;
    const locked = failed >= MAX_WRONG_CODES;
    await tx
      .update(otpFlows)
      .set({ failedAttempts: failed, status: locked ? "LOCKED" : "PENDING", updatedAt: input.now })
      .where(eq(otpFlows.id, flow.id));
    if (locked) await endFlowSecrets(tx, flow);
    return { left: MAX_WRONG_CODES - failed };
  });
  if (!wrong) return;
  throw new ApiError(
    "INVALID_ARGUMENT",
    "OTP_CODE_INVALID",
    wrong.left > 0
      ? `the code is wrong; ${wrong.left} attempt${wrong.left === 1 ? "" : "s"} left for OTP flow ${input.otpId}`
      : `the code is wrong; OTP flow ${input.otpId} is now locked — start a new flow with init_otp`,
    { fieldViolations: [{ field: "parameters.encryptedOtpBundle", description: "wrong code" }] },
  );
}

/**
 * Inside verify_otp's transaction: check the code again (the flow row is locked, so two
 * submissions of one code cannot both pass), mark the flow VERIFIED and shred its target key.
 * Returns what the verification token binds: the contact and the client's public key.
 */
export async function consumeOtpFlow(
  app: AppContext,
  tx: DbOrTx,
  input: CodeSubmission & { organizationId: string; otpId: string; now: Date; purpose?: OtpPurpose },
): Promise<{ flow: OtpFlowRow; publicKey: string }> {
  const flow = await usableFlow(tx, input.organizationId, input.otpId, input.now, input.purpose);
  const submission = await submitted(app, tx, flow, input);
  if (!codeIsRight(app, flow, submission.otpCode)) {
    throw new ApiError("INVALID_ARGUMENT", "OTP_CODE_INVALID", `the code is wrong for OTP flow ${flow.id}`);
  }
  await tx.update(otpFlows).set({ status: "VERIFIED", updatedAt: input.now }).where(eq(otpFlows.id, flow.id));
  await endFlowSecrets(tx, flow);
  return { flow, publicKey: submission.publicKey ?? "" };
}

/** A flow's kind (e-mail or SMS), to check its feature before anything else; undefined when unknown. */
export async function otpFlowType(
  db: DbOrTx,
  organizationId: string,
  otpId: string,
): Promise<"OTP_TYPE_EMAIL" | "OTP_TYPE_SMS" | undefined> {
  const [flow] = await db
    .select({ otpType: otpFlows.otpType })
    .from(otpFlows)
    .where(and(eq(otpFlows.id, otpId), eq(otpFlows.organizationId, organizationId)));
  return flow?.otpType as "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS" | undefined;
}
