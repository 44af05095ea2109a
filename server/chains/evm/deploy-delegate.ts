import { concat, type Hex, parseEther, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { JsonRpcClient } from "../json-rpc";
import { evmAdapter } from "./adapter";
import {
  DELEGATE_CREATION_CODE,
  DELEGATE_SALT,
  DEPLOYMENT_PROXY,
  GAS_STATION_DELEGATE_ADDRESS,
} from "./gas-station-delegate";

/** A chain where the delegate is not deployed and Latchkey may not deploy it: the operator must. */
export class DelegateMissing extends Error {
  constructor(caip2: string) {
    super(
      `the EIP-7702 delegate GasStationDelegate is not deployed on ${caip2}: deploy it at ${GAS_STATION_DELEGATE_ADDRESS} ` +
        `(CREATE2 through the deterministic deployment proxy ${DEPLOYMENT_PROXY}, salt 0, creation code from server/chains/evm/artifacts/GasStationDelegate.json)`,
    );
    this.name = "DelegateMissing";
  }
}

const RECEIPT_WAIT_MS = 10_000;

/**
 * Makes sure GasStationDelegate has code on the chain. On a local devnet the first send that needs it
 * deploys it, exactly as an operator would on a real network — a CREATE2 through the deterministic
 * deployment proxy — from a throwaway account funded with anvil_setBalance (a devnet-only method).
 * On a chain configured with an RPC URL Latchkey never deploys: it says what is missing.
 */
export async function ensureDelegateDeployed(
  client: JsonRpcClient,
  chain: { caip2: string; chainId: number; local: boolean },
): Promise<void> {
  const code = () => client.call<string>("eth_getCode", [GAS_STATION_DELEGATE_ADDRESS, "latest"]);
  if ((await code()) !== "0x") return;
  if (!chain.local) throw new DelegateMissing(chain.caip2);
  if ((await client.call<string>("eth_getCode", [DEPLOYMENT_PROXY, "latest"])) === "0x") {
    throw new Error(`${chain.caip2}: the deterministic deployment proxy ${DEPLOYMENT_PROXY} is missing`);
  }
  const deployer = privateKeyToAccount(generatePrivateKey());
  await client.call("anvil_setBalance", [deployer.address, toHex(parseEther("1"))]);
  const adapter = evmAdapter(client);
  const data = concat([DELEGATE_SALT, DELEGATE_CREATION_CODE]);
  const fees = await adapter.feeData();
  const gas = await adapter.estimateGas({ from: deployer.address, to: DEPLOYMENT_PROXY, data });
  const signed = await deployer.signTransaction({
    type: "eip1559",
    chainId: chain.chainId,
    nonce: 0,
    to: DEPLOYMENT_PROXY,
    data,
    gas: (gas * 6n) / 5n,
    ...fees,
  });
  const hash = await adapter.sendRawTransaction(signed);
  // Another send may be deploying it at the same moment: whichever lands first wins, and the
  // other's CREATE2 reverts harmlessly. What matters is that the code is there afterwards.
  const until = Date.now() + RECEIPT_WAIT_MS;
  while (!(await adapter.receipt(hash)) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  if ((await code()) === "0x") {
    throw new Error(`${chain.caip2}: deploying GasStationDelegate (transaction ${hash as Hex}) left no code`);
  }
}
