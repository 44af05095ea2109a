import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { privateKeys, smartContractInterfaces, walletAccounts, wallets } from "../db/schema";
import { findSignerSource } from "../signing/signer-source";
import { activityContext } from "./context/activity";
import { ethAuthorizationContext, ethTransactionContext, ethTypedDataContext } from "./context/ethereum";
import { privateKeyContext, walletAccountContext, walletContext } from "./context/resources";
import { solanaTransactionContext } from "./context/solana";
import type { RoundInput } from "./round";
import type { PolicyValue } from "./types";

type Params = Record<string, unknown>;

/**
 * The condition's view of an activity: what it is (activity.*), what it signs with (wallet,
 * wallet_account, private_key) and what it signs (eth.*, solana.*). A namespace this activity does
 * not have is absent, so a policy reading it errors (OUTCOME_ERROR) rather than matching.
 */
export async function buildConditionContext(db: DbOrTx, input: RoundInput): Promise<PolicyValue> {
  const params = (input.params ?? {}) as Params;
  const context: Record<string, PolicyValue> = { activity: activityContext(input.activityType, params) };
  Object.assign(context, await signerContext(db, input.organizationId, params));
  Object.assign(context, await payloadContext(db, input.organizationId, params));
  return context;
}

const walletValue = walletContext;
const privateKeyValue = (k: typeof privateKeys.$inferSelect): PolicyValue =>
  privateKeyContext({ ...k, tags: k.tagIds });

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * wallet / wallet_account / private_key for activities that name one, and `wallets` for those
 * that name several. `signWith` and `address` are resolved exactly as the signer resolves them
 * (findSignerSource), so a deny on a key applies however the key is named. Activities on several
 * wallets, keys or accounts (deletions) fill the singular namespace too when they name exactly one.
 */
async function signerContext(
  db: DbOrTx,
  organizationId: string,
  params: Params,
): Promise<Record<string, PolicyValue>> {
  const out: Record<string, PolicyValue> = {};
  const named = typeof params.signWith === "string" ? params.signWith : params.address;
  const source = typeof named === "string" ? await findSignerSource(db, organizationId, named) : undefined;
  const accountId = source?.kind === "WALLET_ACCOUNT" ? source.walletAccountId : undefined;
  const accountIds = stringsOf(params.walletAccountIds);
  if (accountId || accountIds.length === 1) {
    const [account] = await db
      .select()
      .from(walletAccounts)
      .where(
        and(
          eq(walletAccounts.organizationId, organizationId),
          eq(walletAccounts.id, accountId ?? accountIds[0]!),
        ),
      );
    if (account) {
      out.wallet_account = walletAccountContext(account);
      const [wallet] = await db.select().from(wallets).where(eq(wallets.id, account.walletId));
      if (wallet) out.wallet = walletValue(wallet);
    }
  }
  const keyIds = stringsOf(params.privateKeyIds);
  const keyId =
    source?.kind === "PRIVATE_KEY"
      ? source.privateKeyId
      : typeof params.privateKeyId === "string"
        ? params.privateKeyId
        : keyIds.length === 1
          ? keyIds[0]
          : undefined;
  if (keyId) {
    const [key] = await db
      .select()
      .from(privateKeys)
      .where(and(eq(privateKeys.organizationId, organizationId), eq(privateKeys.id, keyId)));
    if (key) out.private_key = privateKeyValue(key);
  }
  const walletIds = typeof params.walletId === "string" ? [params.walletId] : stringsOf(params.walletIds);
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
 * The one payload an activity signs: sign_raw_payload's `payload`, or sign_raw_payloads' only
 * entry. The condition describes one EIP-712 document or authorization, so several typed payloads
 * in one request cannot all be shown to the policies: such a request is refused for them.
 */
function singlePayload(params: Params): string | undefined {
  if (typeof params.payload === "string") return params.payload;
  const payloads = stringsOf(params.payloads);
  if (payloads.length === 1) return payloads[0];
  if (payloads.length > 1 && TYPED_ENCODINGS.has(String(params.encoding))) {
    throw new UnreadableActivity(
      `${payloads.length} ${String(params.encoding)} payloads in one request: policies read one at a time, so sign each with sign_raw_payload`,
    );
  }
  return undefined;
}

/** eth.* and solana.* from what is being signed; input that cannot be decoded is UnreadableActivity. */
async function payloadContext(
  db: DbOrTx,
  organizationId: string,
  params: Params,
): Promise<Record<string, PolicyValue>> {
  const interfaces = async (type: string) =>
    (
      await db
        .select({
          address: smartContractInterfaces.address,
          parsed: smartContractInterfaces.parsed,
          type: smartContractInterfaces.type,
        })
        .from(smartContractInterfaces)
        .where(eq(smartContractInterfaces.organizationId, organizationId))
    ).filter((i) => i.type === type);
  try {
    if (typeof params.unsignedTransaction === "string" && params.type === "TRANSACTION_TYPE_ETHEREUM") {
      return {
        eth: {
          tx: ethTransactionContext(
            params.unsignedTransaction,
            await interfaces("SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM"),
          ),
        },
      };
    }
    if (typeof params.unsignedTransaction === "string" && params.type === "TRANSACTION_TYPE_SOLANA") {
      return {
        solana: {
          tx: solanaTransactionContext(
            params.unsignedTransaction,
            await interfaces("SMART_CONTRACT_INTERFACE_TYPE_SOLANA"),
          ),
        },
      };
    }
    const payload = singlePayload(params);
    if (params.encoding === "PAYLOAD_ENCODING_EIP712" && payload !== undefined) {
      return { eth: { eip_712: ethTypedDataContext(payload) } };
    }
    if (params.encoding === "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION" && payload !== undefined) {
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
