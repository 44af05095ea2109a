import type { ActivityContext } from "../activities/define";
import { invalid } from "../errors";
import { assertSponsorBudget, requireSponsor } from "../gas-station/sponsor";
import { acceptSend } from "../sends/records";
import { resolveSigner } from "../sign-with/resolve-signer";
import { acceptEarnRequest, type EarnRequestKind } from "./requests";
import type { UserCall } from "./user-calls";

/** The user's account that deposits or withdraws: this organization's, and an Ethereum one. */
export async function requireEvmAccount(ctx: ActivityContext, signWith: string): Promise<void> {
  const signer = await resolveSigner(ctx.app, ctx.tx, ctx.organization.id, signWith);
  if (signer.curve !== "CURVE_SECP256K1")
    throw invalid(`${signWith} is not an Ethereum (secp256k1) account`, "signWith");
}

/**
 * Hand a deposit or withdrawal to the send pipeline (server/sends/: one call as EIP-1559, the
 * deposit's two as an EIP-7702 batch, `sponsor` paid by the organization's gas station) and record
 * the Earn request that names it: its status is that send's (request-status.ts).
 */
export async function acceptUserEarnSend(
  ctx: ActivityContext,
  input: {
    kind: Extract<EarnRequestKind, "DEPOSIT" | "WITHDRAW">;
    caip2: string;
    wrapperAddress: string;
    account: string;
    assets: bigint;
    calls: UserCall[];
    sponsor?: boolean;
  },
): Promise<string> {
  const { tx, now, organization, activityId, app } = ctx;
  const sponsor = input.sponsor ? await requireSponsor(tx, organization.id, "evm") : undefined;
  if (sponsor) await assertSponsorBudget(tx, now, sponsor, organization.id);
  const sendId = await acceptSend(tx, now, {
    organizationId: organization.id,
    activityId,
    caip2: input.caip2,
    fromAddress: input.account,
    request: { from: input.account, caip2: input.caip2, calls: input.calls, sponsor: input.sponsor },
    sponsorOrganizationId: sponsor?.sponsorOrganizationId,
  });
  const id = await acceptEarnRequest(tx, now, {
    organizationId: organization.id,
    activityId,
    kind: input.kind,
    caip2: input.caip2,
    wrapperAddress: input.wrapperAddress,
    walletAddress: input.account,
    assets: input.assets.toString(),
    sendId,
  });
  ctx.afterCommit(() => app.jobWake.notify());
  return id;
}
