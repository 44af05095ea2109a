import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FirstRunOptions, FirstRunResult, TFirstRunRequest } from "@/lib/api/setup";
import type { AppContext } from "../context";
import { verifyPasskeyRegistration } from "../credentials/authenticators";
import { organizations } from "../db/schema";
import { ApiError, invalid } from "../errors";
import { insertRootOrganization } from "../organizations/bootstrap";
import { issueChallengeToken, openChallengeToken } from "./challenge-token";

/** An installation needs setting up while it holds no organization at all (deleted ones count). */
export async function needsSetup(app: AppContext): Promise<boolean> {
  const [row] = await app.db.select({ id: organizations.id }).from(organizations).limit(1);
  return !row;
}

const alreadySetUp = () =>
  new ApiError(
    "FAILED_PRECONDITION",
    "ALREADY_SET_UP",
    "this installation already has an organization; sign in instead, or create more with the API",
  );

export async function firstRunOptions(app: AppContext): Promise<FirstRunOptions> {
  if (!(await needsSetup(app))) throw alreadySetUp();
  const { challenge, token } = issueChallengeToken(app.masterKey, app.clock.now());
  return {
    challenge,
    challengeToken: token,
    rp: { id: app.config.rpId, name: app.config.rpName },
    userId: randomBytes(16).toString("base64url"),
  };
}

/**
 * Create the installation's first organization with the passkey just registered in the browser.
 * The organizations table is locked for the check and the insert, so of two racing first runs
 * exactly one wins and the other is told the installation is already set up.
 */
export async function completeFirstRun(app: AppContext, request: TFirstRunRequest): Promise<FirstRunResult> {
  const now = app.clock.now();
  const challenge = openChallengeToken(app.masterKey, request.challengeToken, now);
  if (!challenge) {
    throw invalid(
      "challengeToken is invalid or expired; start the passkey registration again",
      "challengeToken",
    );
  }
  const passkey = await verifyPasskeyRegistration(
    { rpId: app.config.rpId, origins: app.config.origins },
    { ...request.passkey, challenge },
    "passkey",
  );
  // The token's challenge is the server's and fresh, and a first run succeeds once: the passkey has
  // proved possession when its key signed that challenge.
  passkey.possessionProven = passkey.keySigned;
  if (app.config.requireRegistrationChallenge && !passkey.possessionProven) {
    throw new ApiError(
      "INVALID_ARGUMENT",
      "POSSESSION_NOT_PROVEN",
      "passkey: nothing signed by the passkey covers the challenge (send possessionProof, an assertion over it); this installation requires every passkey registration to prove possession",
      { fieldViolations: [{ field: "passkey.possessionProof", description: "possession not proven" }] },
    );
  }
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${organizations} in exclusive mode`);
    const [existing] = await tx.select({ id: organizations.id }).from(organizations).limit(1);
    if (existing) throw alreadySetUp();
    const created = await insertRootOrganization(
      tx,
      {
        organizationName: request.organizationName,
        userName: request.userName,
        userEmail: request.userEmail,
        passkey,
        via: "FIRST_RUN",
      },
      now,
    );
    return {
      organizationId: created.organizationId,
      userId: created.userId,
      authenticatorId: created.authenticatorId!,
    };
  });
}
