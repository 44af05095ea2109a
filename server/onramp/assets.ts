import { DEVNET_USDC_MINT } from "@/lib/api/assets";
import { canonicalCaip2 } from "@/lib/api/chains";
import type { TOnRampCrypto, TOnRampNetwork } from "@/lib/api/onramp";
import { SEEDED_TOKENS } from "../chains/evm/seeded-tokens";
import { invalid } from "../errors";

/**
 * What each on-ramp network is on Latchkey's side: the chain the crypto lands on, the assets one
 * may buy there, and how an address on it looks. Bitcoin has no chain here: only a real provider
 * can deliver to it.
 */
interface NetworkInfo {
  caip2: string | undefined;
  assets: readonly TOnRampCrypto[];
  address: RegExp;
  addressHint: string;
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const NETWORKS: Record<TOnRampNetwork, NetworkInfo> = {
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM: {
    caip2: "eip155:1",
    assets: ["FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH", "FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC"],
    address: EVM_ADDRESS,
    addressHint: "a 0x-prefixed 20-byte hex address",
  },
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE: {
    caip2: "eip155:8453",
    assets: ["FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH", "FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC"],
    address: EVM_ADDRESS,
    addressHint: "a 0x-prefixed 20-byte hex address",
  },
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA: {
    caip2: canonicalCaip2("solana:mainnet"),
    assets: ["FIAT_ON_RAMP_CRYPTO_CURRENCY_SOL", "FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC"],
    address: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    addressHint: "a base58 Solana address",
  },
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN: {
    caip2: undefined,
    assets: ["FIAT_ON_RAMP_CRYPTO_CURRENCY_BTC"],
    address: /^(bc1[02-9ac-hj-np-z]{11,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
    addressHint: "a Bitcoin mainnet address (bc1…, 1… or 3…)",
  },
};

/** Refuse a purchase whose asset, network and address do not go together (400 naming the field). */
export function checkPurchase(network: TOnRampNetwork, crypto: TOnRampCrypto, walletAddress: string) {
  const info = NETWORKS[network];
  if (!info.assets.includes(crypto)) {
    throw invalid(
      `${crypto} cannot be bought on ${network}; it offers ${info.assets.join(", ")}`,
      "cryptoCurrencyCode",
    );
  }
  if (!info.address.test(walletAddress)) {
    throw invalid(`walletAddress must be ${info.addressHint} on ${network}`, "walletAddress");
  }
  return info;
}

export const networkCaip2 = (network: TOnRampNetwork) => NETWORKS[network].caip2;

/** The asset on the local chain as the faucet names it, with its decimals and price symbol. */
export function localAsset(caip2: string, crypto: TOnRampCrypto) {
  const solana = caip2.startsWith("solana:");
  if (crypto === "FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC") {
    const usdc = SEEDED_TOKENS.find((t) => t.symbol === "USDC")!;
    return {
      faucetAsset: solana
        ? `${caip2}/token:${DEVNET_USDC_MINT}`
        : `${caip2}/erc20:${usdc.address.toLowerCase()}`,
      decimals: 6,
      symbol: "USDC",
    };
  }
  return { faucetAsset: "native", decimals: solana ? 9 : 18, symbol: solana ? "SOL" : "ETH" };
}
