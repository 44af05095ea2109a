import type { BenchAnswer } from "./http-client";

export type Submit = (type: string, path: string, parameters: unknown) => Promise<BenchAnswer>;

/** One wallet with an Ethereum and a Solana account, for the signing scenarios. */
export async function benchWallet(
  submit: Submit,
): Promise<{ walletId: string; ethereum: string; solana: string }> {
  const response = await submit("ACTIVITY_TYPE_CREATE_WALLET", "create_wallet", {
    walletName: "bench",
    accounts: [
      {
        curve: "CURVE_SECP256K1",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/60'/0'/0/0",
        addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      },
      {
        curve: "CURVE_ED25519",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/501'/0'/0'",
        addressFormat: "ADDRESS_FORMAT_SOLANA",
      },
    ],
  });
  const body = (await response.json()) as {
    activity?: { result?: { createWalletResult?: { walletId: string; addresses: string[] } } };
  };
  const created = body.activity?.result?.createWalletResult;
  if (!response.ok || !created) throw new Error(`bench: create_wallet failed: ${JSON.stringify(body)}`);
  return { walletId: created.walletId, ethereum: created.addresses[0]!, solana: created.addresses[1]! };
}
