import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import type { AppContext } from "../context";
import { earnOperator, isEarnChain, LOCAL_FACTORY, LOCAL_VAULTS } from "./local-world";
import type { EarnNetworkVault } from "./networks-config";

/** A vault Earn offers on a chain: the local world's, or one LATCHKEY_EARN_NETWORKS names. */
export type EarnVault = EarnNetworkVault;

/**
 * What Earn runs on for one chain: the factory, the operator that sends and pays the factory's
 * deployments, pauses and claims, and the vaults offered. A local devnet has the local world; a
 * chain served by a configured node has what LATCHKEY_EARN_NETWORKS says, or nothing.
 */
export interface EarnDeployment {
  /** A local devnet: the operator's gas can be minted (anvil_setBalance); elsewhere it is paid. */
  local: boolean;
  factory: `0x${string}`;
  operator: PrivateKeyAccount;
  vaults: readonly EarnVault[];
}

const LOCAL: EarnDeployment = {
  local: true,
  factory: LOCAL_FACTORY.address,
  operator: earnOperator,
  vaults: LOCAL_VAULTS,
};

const operators = new Map<string, PrivateKeyAccount>();
const operatorOf = (key: `0x${string}`) => {
  let account = operators.get(key);
  if (!account) {
    account = privateKeyToAccount(key);
    operators.set(key, account);
  }
  return account;
};

/** The chain's Earn deployment, or undefined where Earn has none (not an Earn chain, or unconfigured). */
export function earnDeployment(app: AppContext, caip2: string): EarnDeployment | undefined {
  if (!isEarnChain(caip2)) return undefined;
  if (app.chains.isLocal(caip2)) return LOCAL;
  const network = app.config.earnNetworks.networks[caip2];
  const key = app.config.earnNetworks.operatorKey;
  if (!network || !key) return undefined;
  return { local: false, factory: network.factory, operator: operatorOf(key), vaults: network.vaults };
}

/** One vault of a chain's deployment by address (case-insensitive). */
export function findEarnVault(app: AppContext, caip2: string, address: string): EarnVault | undefined {
  return earnDeployment(app, caip2)?.vaults.find((v) => v.address.toLowerCase() === address.toLowerCase());
}

/** A stored wrapper's vault: it was in the deployment when deployed, so its absence is a misconfiguration. */
export function wrapperVault(app: AppContext, w: { caip2: string; vaultAddress: string }): EarnVault {
  const vault = findEarnVault(app, w.caip2, w.vaultAddress);
  if (!vault) {
    throw new Error(
      `vault ${w.vaultAddress} of ${w.caip2} is no longer in Earn's deployment (LATCHKEY_EARN_NETWORKS?)`,
    );
  }
  return vault;
}

/**
 * The vault assets of a configured chain's Earn deployment, once each: the balances and asset list
 * report them there, so an account can see, deposit and withdraw what Earn takes. A local devnet's
 * are its seeded tokens already.
 */
export function earnNetworkTokens(app: AppContext, caip2: string): EarnVault["token"][] {
  const deployment = earnDeployment(app, caip2);
  if (!deployment || deployment.local) return [];
  const seen = new Map(deployment.vaults.map((v) => [v.token.address.toLowerCase(), v.token]));
  return [...seen.values()];
}
