import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { privateKeys, smartContractInterfaces, walletAccounts, wallets } from "../db/schema";
import { ApiError, invalid } from "../errors";
import { findSignerSource } from "../sign-with/signer-source";
import type { ContractInterface } from "./cached-interfaces";
import { activityContext } from "./context/activity";
import { ethAuthorizationContext, ethTransactionContext, ethTypedDataContext } from "./context/ethereum";
import { privateKeyContext, walletAccountContext, walletContext } from "./context/resources";
import { solanaTransactionContext } from "./context/solana";
import type { ActivityTargets } from "./profile";
import type { RoundInput } from "./round";
import type { PolicyValue } from "./types";

/**
 * The condition's view of an activity: what it is (activity.*), what it acts on or signs with
 * (wallet, wallet_account, private_key) and what it signs (eth.*, solana.*), as the activity's own
 * definition declares them (its `targets`). A namespace this activity does not have is absent, so a
 * policy reading it errors (OUTCOME_ERROR) rather than matching. An activity that signs several
 * transactions (a batch's calls) has one view per transaction, each judged alone.
 */
export async function buildConditionContexts(db: DbOrTx, input: RoundInput): Promise<PolicyValue[]> {
  const targets: ActivityTargets = input.activity.policyTargets
    ? await input.activity.policyTargets(db, input.organizationId, input.params as never)
    : declaredTargets(input);
  const base: Record<string, PolicyValue> = { activity: activityContext(input.activity, input.params) };
  Object.assign(base, await signerContext(db, input.organizationId, targets));
  const { signs } = targets;
  if (signs && "unsignedTransactions" in signs) {
    const views: PolicyValue[] = [];
    for (const unsignedTransaction of signs.unsignedTransactions) {
      const one = { transactionType: signs.transactionType, unsignedTransaction };
      views.push({ ...base, ...(await payloadContext(db, input, { signs: one })) });
    }
    return views;
  }
  return [{ ...base, ...(await payloadContext(db, input, targets)) }];
}

/**
 * The activity's `targets`, a pure function of its validated parameters: when it cannot read them
 * (an address in mixed case that is no EIP-55 checksum, which a transaction cannot hold), that is
 * the request's fault, answered as a 400 naming the parameters rather than a 500.
 */
function declaredTargets(input: RoundInput): ActivityTargets {
  try {
    return input.activity.targets?.(input.params as never) ?? {};
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw invalid(`the parameters of ${input.activity.type} cannot be read for the policies: ${reason}`);
  }
}

const walletValue = walletContext;
const privateKeyValue = (k: typeof privateKeys.$inferSelect): PolicyValue =>
  privateKeyContext({ ...k, tags: k.tagIds });

/**
 * wallet / wallet_account / private_key for activities that name one, and `wallets` for those
 * that name several. `signWith` is resolved exactly as the signer resolves it (findSignerSource),
 * so a deny on a key applies however the key is named. Activities on several wallets, keys or
 * accounts (deletions) fill the singular namespace too when they name exactly one.
 */
async function signerContext(
  db: DbOrTx,
  organizationId: string,
  targets: ActivityTargets,
): Promise<Record<string, PolicyValue>> {
  const out: Record<string, PolicyValue> = {};
  const source = targets.signWith ? await findSignerSource(db, organizationId, targets.signWith) : undefined;
  const accountIds = targets.walletAccountIds ?? [];
  if (source?.kind === "WALLET_ACCOUNT") {
    // Read with the source itself (the signer then reuses it, in the same transaction).
    out.wallet_account = walletAccountContext(source.account);
    if (source.wallet) out.wallet = walletValue(source.wallet);
  } else if (accountIds.length === 1) {
    // The account with its wallet, in one round trip.
    const [found] = await db
      .select({ account: walletAccounts, wallet: wallets })
      .from(walletAccounts)
      .leftJoin(wallets, eq(wallets.id, walletAccounts.walletId))
      .where(and(eq(walletAccounts.organizationId, organizationId), eq(walletAccounts.id, accountIds[0]!)));
    if (found) {
      out.wallet_account = walletAccountContext(found.account);
      if (found.wallet) out.wallet = walletValue(found.wallet);
    }
  }
  const keyIds = targets.privateKeyIds ?? [];
  const keyId =
    source?.kind === "PRIVATE_KEY" ? source.privateKeyId : keyIds.length === 1 ? keyIds[0] : undefined;
  if (keyId) {
    const [key] = await db
      .select()
      .from(privateKeys)
      .where(and(eq(privateKeys.organizationId, organizationId), eq(privateKeys.id, keyId)));
    if (key) out.private_key = privateKeyValue(key);
  }
  const walletIds = [...(targets.walletIds ?? [])];
  const several = targets.signWiths && targets.signWiths.length > 1 ? targets.signWiths : [];
  for (const signWith of several) {
    const signer = await findSignerSource(db, organizationId, signWith);
    if (signer?.kind === "WALLET_ACCOUNT" && !walletIds.includes(signer.walletId))
      walletIds.push(signer.walletId);
  }
  if (walletIds.length > 0) {
    const rows = await db
      .select()
      .from(wallets)
      .where(and(eq(wallets.organizationId, organizationId), inArray(wallets.id, walletIds)));
    out.wallets = rows.map(walletValue);
    if (!out.wallet && walletIds.length === 1 && rows[0]) out.wallet = walletValue(rows[0]);
  }
  return out;
}

/**
 * An activity whose signed content the policy engine cannot decode. No policy can be trusted to
 * have judged it, so the round fails closed (OUTCOME_ERROR) for everyone the policies decide for.
 */
export class UnreadableActivity extends Error {}

const TYPED_ENCODINGS = new Set(["PAYLOAD_ENCODING_EIP712", "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION"]);

/**
 * The one payload an activity signs. The condition describes one EIP-712 document or authorization,
 * so several typed payloads in one request cannot all be shown to the policies: such a request is
 * refused for them.
 */
function singlePayload(signs: { encoding: string; payloads: string[] }): string | undefined {
  const { payloads, encoding } = signs;
  if (payloads.length > 1 && TYPED_ENCODINGS.has(encoding)) {
    throw new UnreadableActivity(
      `${payloads.length} ${encoding} payloads in one request: policies read one at a time, so sign each with sign_raw_payload`,
    );
  }
  return payloads.length === 1 ? payloads[0] : undefined;
}

/** eth.* and solana.* from what is being signed; input that cannot be decoded is UnreadableActivity. */
async function payloadContext(
  db: DbOrTx,
  input: Pick<RoundInput, "organizationId" | "contractInterfaces">,
  targets: ActivityTargets,
): Promise<Record<string, PolicyValue>> {
  const { signs } = targets;
  if (!signs) return {};
  const interfaces = async (type: string): Promise<ContractInterface[]> =>
    (
      await (input.contractInterfaces?.() ??
        db
          .select({
            address: smartContractInterfaces.address,
            parsed: smartContractInterfaces.parsed,
            type: smartContractInterfaces.type,
          })
          .from(smartContractInterfaces)
          .where(eq(smartContractInterfaces.organizationId, input.organizationId)))
    ).filter((i) => i.type === type);
  try {
    if ("unsignedTransactions" in signs) return {}; // split by buildConditionContexts
    if ("unsignedTransaction" in signs) {
      const { transactionType, unsignedTransaction, from } = signs;
      if (transactionType === "TRANSACTION_TYPE_ETHEREUM") {
        const known = await interfaces("SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM");
        return { eth: { tx: ethTransactionContext(unsignedTransaction, known, { from }) } };
      }
      if (transactionType === "TRANSACTION_TYPE_SOLANA") {
        const known = await interfaces("SMART_CONTRACT_INTERFACE_TYPE_SOLANA");
        return { solana: { tx: solanaTransactionContext(unsignedTransaction, known) } };
      }
      return {};
    }
    const payload = singlePayload(signs);
    if (signs.encoding === "PAYLOAD_ENCODING_EIP712" && payload !== undefined) {
      return { eth: { eip_712: ethTypedDataContext(payload) } };
    }
    if (signs.encoding === "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION" && payload !== undefined) {
      return { eth: { eip_7702_authorization: ethAuthorizationContext(payload) } };
    }
  } catch (error) {
    // What policies cannot read, they cannot judge: fail closed rather than let a deny on it
    // silently not apply (the signer may accept input this decoder refuses).
    if (error instanceof UnreadableActivity) throw error;
    throw new UnreadableActivity(error instanceof Error ? error.message : String(error));
  }
  return {};
}
