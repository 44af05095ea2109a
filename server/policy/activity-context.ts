import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { privateKeys, smartContractInterfaces, walletAccounts, wallets } from "../db/schema";
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

/** wallet / wallet_account / private_key for activities that name one (signWith, walletId, privateKeyId, address). */
async function signerContext(
  db: DbOrTx,
  organizationId: string,
  params: Params,
): Promise<Record<string, PolicyValue>> {
  const out: Record<string, PolicyValue> = {};
  const address =
    typeof params.signWith === "string"
      ? params.signWith
      : typeof params.address === "string"
        ? params.address
        : undefined;
  if (address) {
    const [account] = await db
      .select()
      .from(walletAccounts)
      .where(eq(walletAccounts.address, address))
      .limit(1);
    if (account && account.organizationId === organizationId) {
      out.wallet_account = walletAccountContext(account);
      const [wallet] = await db.select().from(wallets).where(eq(wallets.id, account.walletId));
      if (wallet) out.wallet = walletValue(wallet);
    }
  }
  const keyId =
    typeof params.privateKeyId === "string"
      ? params.privateKeyId
      : typeof params.signWith === "string"
        ? params.signWith
        : undefined;
  if (keyId) {
    const [key] = await db.select().from(privateKeys).where(eq(privateKeys.id, keyId));
    if (key && key.organizationId === organizationId) out.private_key = privateKeyValue(key);
  }
  if (!out.wallet && typeof params.walletId === "string") {
    const [wallet] = await db.select().from(wallets).where(eq(wallets.id, params.walletId));
    if (wallet && wallet.organizationId === organizationId) out.wallet = walletValue(wallet);
  }
  return out;
}

/** eth.* and solana.* from what is being signed; undecodable input leaves the namespace out. */
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
    if (params.encoding === "PAYLOAD_ENCODING_EIP712" && typeof params.payload === "string") {
      return { eth: { eip_712: ethTypedDataContext(params.payload) } };
    }
    if (params.encoding === "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION" && typeof params.payload === "string") {
      return { eth: { eip_7702_authorization: ethAuthorizationContext(params.payload) } };
    }
  } catch {
    // Not decodable: the activity itself will fail on it; policies that read it see it absent.
  }
  return {};
}
