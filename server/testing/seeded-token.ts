import {
  type Abi,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PrivateKeyAccount,
  parseEther,
  toHex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import artifact from "../chains/evm/artifacts/SeededToken.json";

export const TOKEN_ABI = artifact.abi as Abi;

/**
 * A fresh SeededToken on the EVM node at `url`, deployed by a funded throwaway account that is its
 * faucet (the only minter), or by `faucet` when given. Tests deploy their own token rather than depend on a devnet's seeding.
 */
export async function deploySeededToken(
  url: string,
  chainId: number,
  faucet: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey()),
): Promise<{ address: Hex; faucet: PrivateKeyAccount }> {
  const chain = {
    id: chainId,
    name: `eip155:${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  };
  const reader = createPublicClient({ chain, transport: http(url) });
  await reader.request({
    method: "anvil_setBalance" as never,
    params: [faucet.address, toHex(parseEther("1"))] as never,
  });
  const wallet = createWalletClient({ account: faucet, chain, transport: http(url) });
  const hash = await wallet.deployContract({
    abi: TOKEN_ABI,
    bytecode: artifact.bytecode as Hex,
    args: ["Test USD", "TUSD", 6],
  });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return { address: receipt.contractAddress!, faucet };
}
