import type { DbOrTx } from "../db/client";
import type { PolicyParam } from "./context/params";

/** `activity.resource`: what kind of thing an activity acts on (the reference's Activity breakdown). */
export type PolicyResource =
  | "ORGANIZATION"
  | "INVITATION"
  | "POLICY"
  | "SMART_CONTRACT_INTERFACE"
  | "WALLET"
  | "PRIVATE_KEY"
  | "USER"
  | "CREDENTIAL"
  | "PAYMENT_METHOD"
  | "SUBSCRIPTION"
  | "CONFIG"
  | "RECOVERY"
  | "AUTH"
  | "OTP"
  | "AUTH_PROXY"
  | "WEBHOOK_ENDPOINT"
  | "SECRET";

/** `activity.action`: what it does to it. */
export type PolicyAction = "CREATE" | "UPDATE" | "DELETE" | "EXPORT" | "IMPORT" | "SIGN" | "VERIFY";

/** What one activity acts on and signs, read from its parameters by its own definition. */
export interface ActivityTargets {
  /** A wallet account or private key, by id or address, resolved as the signer resolves it. */
  signWith?: string;
  /** Several signers (sol_send_transaction): their wallets are `wallets`; one alone is also `signWith`. */
  signWiths?: string[];
  walletIds?: string[];
  walletAccountIds?: string[];
  privateKeyIds?: string[];
  /**
   * The content it signs, which the policies read as eth.* or solana.*. Several transactions
   * (`unsignedTransactions`: the calls of one EIP-7702 batch) are judged one at a time, each as if
   * sent alone: the activity is allowed only when every one of them is (server/policy/batch.ts).
   */
  signs?:
    | {
        transactionType: string;
        /** The transaction, unsigned or (a broadcast of someone's signed bytes) signed. */
        unsignedTransaction: string;
        /** Its sender when known (recovered from a signed transaction): eth.tx.from. */
        from?: string;
      }
    | { transactionType: string; unsignedTransactions: string[] }
    | { encoding: string; payloads: string[] };
}

/**
 * What the policy engine needs to know about an activity type. Every activity definition carries
 * these fields (server/activities/define.ts), so a new activity tells the engine what it is in its
 * own file instead of in tables kept elsewhere.
 */
export interface PolicyProfile {
  /** The canonical activity type policies see. */
  type: string;
  resource: PolicyResource;
  action: PolicyAction;
  /** Only the root quorum may take it: no policy can grant it. */
  rootQuorumOnly?: boolean;
  /** `activity.params`: the parameters the reference exposes to policies for this type. */
  policyParams?: readonly PolicyParam[];
  /** What it acts on and signs; absent for activities that name no wallet, account or key. */
  targets?(params: never): ActivityTargets;
  /**
   * What it signs when that depends on stored state, not on the parameters alone (an Earn deposit's
   * approve goes to its wrapper's asset): read by the policy engine instead of `targets`.
   */
  policyTargets?(db: DbOrTx, organizationId: string, params: never): Promise<ActivityTargets>;
}
