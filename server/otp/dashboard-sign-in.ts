import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type {
  EmailSignInCodeResult,
  EmailSignInSessionResult,
  TEmailSignInCodeRequest,
  TEmailSignInSessionRequest,
} from "@/lib/api/email-sign-in";
import { findOrganization } from "../auth/caller";
import type { AppContext } from "../context";
import { isP256Point } from "../crypto/p256-point";
import type { DbOrTx, Tx } from "../db/client";
import { type InvitationRow, invitations, users } from "../db/schema";
import { invalid, notFound } from "../errors";
import { requireFeature } from "../organizations/features";
import { issueSessionJwt } from "../sessions/jwt";
import { insertSessionKey } from "../sessions/session-keys";
import { initOtpTarget } from "../signer/otp-targets";
import { insertUsers } from "../users/create";
import { consumeOtpFlow, countOtpAttempt, insertOtpFlow } from "./flows";
import { spendOtpBudget } from "./rate-limit";
import { sendEmailCode } from "./send-email-code";

const CODE_SECONDS = 300;
const CODE_LENGTH = 8;
const COMPRESSED_P256 = /^0[23][0-9a-fA-F]{64}$/;
const FEATURE = "FEATURE_NAME_OTP_EMAIL_AUTH";
const PRODUCT = "Sign-in by e-mail code";

/** A pending invitation to this address: signing in with a code accepts it. */
async function pendingInvitation(db: DbOrTx, organizationId: string, email: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.receiverEmail, email),
        eq(invitations.status, "PENDING"),
      ),
    )
    .orderBy(invitations.id)
    .limit(1)
    .for("update");
  return row;
}

/**
 * Accept an invitation once its address is proven: the user it names is created with the address
 * verified, in the sign-in's transaction, and the invitation records who it became.
 */
async function acceptInvitation(app: AppContext, tx: Tx, invitation: InvitationRow, now: Date) {
  const [userId] = await insertUsers(
    app,
    tx,
    invitation.organizationId,
    [
      {
        userName: invitation.receiverUserName,
        userEmail: invitation.receiverEmail,
        userTags: invitation.receiverUserTags,
        apiKeys: [],
        authenticators: [],
        oauthProviders: [],
      },
    ],
    { organizationId: invitation.organizationId, now, submittedAt: now, require: false },
  );
  await tx
    .update(users)
    .set({ emailVerifiedAt: now, accessType: invitation.accessType })
    .where(eq(users.id, userId!));
  await tx
    .update(invitations)
    .set({ status: "ACCEPTED", acceptedUserId: userId!, updatedAt: now })
    .where(eq(invitations.id, invitation.id));
  const [user] = await tx.select().from(users).where(eq(users.id, userId!));
  return user!;
}

/** The live user of the organization whose e-mail is `email` and has been verified. */
async function verifiedUser(db: DbOrTx, organizationId: string, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        sql`lower(${users.email}) = ${email}`,
        isNotNull(users.emailVerifiedAt),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(users.id)
    .limit(1);
  return user;
}

async function liveOrganization(app: AppContext, organizationId: string) {
  const organization = await findOrganization(app.db, organizationId);
  if (!organization) throw notFound("organization", organizationId);
  return organization;
}

/**
 * The dashboard's own sign-in, step 1. Nobody can stamp a request before signing in, so this runs
 * outside the public API (like the first-run page), under init_otp's limits per address and per
 * e-mail. The answer is the same whether or not a user has this verified address (or a pending
 * invitation) — only they get a mail — so the form cannot be used to learn who has an account.
 */
export async function requestSignInCode(
  app: AppContext,
  request: TEmailSignInCodeRequest,
  clientAddress: string | undefined,
): Promise<EmailSignInCodeResult> {
  const now = app.clock.now();
  const email = request.email.toLowerCase();
  const organization = await liveOrganization(app, request.organizationId);
  await requireFeature(app.db, organization.id, FEATURE, PRODUCT);
  await spendOtpBudget(app, "the dashboard's e-mail sign-in", { contact: email, clientAddress }, now);
  const started = await app.db.transaction(async (tx) => {
    const invited = await pendingInvitation(tx, organization.id, email);
    if ((await verifiedUser(tx, organization.id, email)) || invited) {
      return sendEmailCode(app, tx, {
        organizationId: organization.id,
        contact: email,
        appName: app.config.rpName,
        length: CODE_LENGTH,
        alphanumeric: true,
        seconds: CODE_SECONDS,
        purpose: "SIGN_IN",
        now,
      });
    }
    // A flow nobody was sent a code for: verifying it can only fail, like a wrong code.
    const { otpId } = await insertOtpFlow(app, tx, {
      organizationId: organization.id,
      purpose: "SIGN_IN",
      contact: email,
      length: CODE_LENGTH,
      alphanumeric: true,
      seconds: CODE_SECONDS,
      now,
    });
    const otpEncryptionTargetBundle = await initOtpTarget(
      tx,
      app.keyring,
      app.serverKey,
      organization.id,
      otpId,
      now,
    );
    return { otpId, otpEncryptionTargetBundle };
  });
  app.jobWake.notify();
  return { ...started, serverSigningPublicKey: app.serverKey.publicKeyHex };
}

/**
 * Step 2: the code the user typed, sealed by the browser to the flow's target together with the
 * public half of the session key it just made. A wrong code counts against the flow (five lock
 * it); the right one starts a read-write session of that key for the user, as otp_login would.
 */
export async function finishSignIn(
  app: AppContext,
  request: TEmailSignInSessionRequest,
): Promise<EmailSignInSessionResult> {
  const now = app.clock.now();
  const organization = await liveOrganization(app, request.organizationId);
  await requireFeature(app.db, organization.id, FEATURE, PRODUCT);
  const flowInput = { ...request, now, purpose: "SIGN_IN" as const };
  await countOtpAttempt(app, flowInput);
  return app.db.transaction(async (tx) => {
    const { flow, publicKey } = await consumeOtpFlow(app, tx, flowInput);
    if (!COMPRESSED_P256.test(publicKey) || !isP256Point(publicKey)) {
      throw invalid(
        "encryptedOtpBundle: its public_key must be the compressed P-256 session key (66 hex characters)",
        "encryptedOtpBundle",
      );
    }
    const invitation = await pendingInvitation(tx, organization.id, flow.contact);
    const user =
      (await verifiedUser(tx, organization.id, flow.contact)) ??
      (invitation ? await acceptInvitation(app, tx, invitation, now) : undefined);
    if (!user)
      throw notFound(`user with the verified e-mail ${flow.contact} in organization`, organization.id);
    const { expiresAt } = await insertSessionKey(tx, {
      organizationId: organization.id,
      userId: user.id,
      publicKey: publicKey.toLowerCase(),
      seconds: app.config.sessionSeconds,
      name: `E-mail sign-in ${now.toISOString()}`,
      loginMethod: "AUTHENTICATION_TYPE_EMAIL_OTP",
      now,
    });
    const session = issueSessionJwt(app.serverKey, {
      exp: Math.floor(expiresAt.getTime() / 1000),
      public_key: publicKey.toLowerCase(),
      session_type: "SESSION_TYPE_READ_WRITE",
      user_id: user.id,
      organization_id: organization.id,
    });
    return { session };
  });
}
