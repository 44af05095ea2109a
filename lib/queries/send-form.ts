import { isAddress as isSolanaAddress } from "@solana/kit";
import { isAddress as isEthereumAddress } from "viem";
import { z } from "zod";
import type { TAssetBalance, TAssetMetadata } from "@/lib/api/assets";
import { type TEthSendTransactionParams, ZEthSendTransactionParams } from "@/lib/api/broadcast";
import { type ChainFamily, chainInfo } from "@/lib/api/chains";
import { assetReference } from "@/lib/client/asset-reference";
import { erc20TransferCall } from "@/lib/client/erc20-transfer";
import type { SolanaAsset } from "@/lib/client/solana-transfer";
import { amountWithinBalance } from "./amount-within-balance";

/**
 * What the Send form knows besides its fields, read when it validates (the page fills it in as
 * answers arrive): the account, the assets of each chain (list_supported_assets) and the balances
 * it shows (get_wallet_address_balances: non-zero ones only, so a listed asset absent from a loaded
 * answer has 0), and whether the organization can sponsor this family's sends.
 */
export interface SendFormContext {
  from: string;
  family: ChainFamily;
  assets: Record<string, readonly TAssetMetadata[] | undefined>;
  balances: Record<string, readonly TAssetBalance[] | undefined>;
  /** The gas station that pays sponsored sends of this family, when sponsorship is available. */
  gasStation?: string;
}

/** A validated send: eth_send_transaction's parameters, or a Solana transfer still to be built. */
export type SendPlan =
  | { family: "evm"; params: TEthSendTransactionParams }
  | {
      family: "svm";
      caip2: string;
      from: string;
      to: string;
      asset: SolanaAsset;
      amount: bigint;
      /** Set when sponsored: the fee payer. */
      gasStation?: string;
    };

const RECIPIENT = {
  evm: {
    valid: (to: string) => isEthereumAddress(to),
    message: "must be an Ethereum address: 0x and 40 hex characters (mixed case only with a valid checksum)",
  },
  svm: {
    valid: (to: string) => isSolanaAddress(to),
    message: "must be a Solana address: 32 bytes in base58",
  },
} as const;

/**
 * The Send form: recipient, chain, asset, amount in the asset's display units, sponsor. It checks
 * what the activity checks plus what only the page knows — the asset's decimals and the balance it
 * shows — and turns the fields into a SendPlan (an ERC-20 send becomes a `transfer` call).
 */
export const sendFormSchema = (ctx: SendFormContext) =>
  z
    .object({
      to: z.string().trim(),
      caip2: z.string().refine((caip2) => chainInfo(caip2)?.family === ctx.family, {
        message: `must be one of this account's ${ctx.family === "evm" ? "EVM" : "Solana"} chains`,
      }),
      asset: z.string(),
      amount: z.string(),
      sponsor: z.boolean().optional(),
    })
    .transform((fields, issues): SendPlan => {
      let refused = false;
      const problem = (path: string, message: string) => {
        issues.addIssue({ code: "custom", path: [path], message });
        refused = true;
      };
      if (!RECIPIENT[ctx.family].valid(fields.to)) problem("to", RECIPIENT[ctx.family].message);
      const asset = ctx.assets[fields.caip2]?.find((a) => a.caip19 === fields.asset);
      const ref = asset ? assetReference(asset.caip19) : undefined;
      const sendable = ref?.kind === "native" || ref?.kind === (ctx.family === "evm" ? "erc20" : "spl");
      if (!asset || !sendable) problem("asset", "must be one of the chain's assets listed here");
      const units = asset
        ? amountWithinBalance(fields.caip2, asset, fields.amount, ctx.balances, problem)
        : undefined;
      if (refused || !asset || !ref || units === undefined) return z.NEVER;

      const gasStation = fields.sponsor ? ctx.gasStation : undefined;
      if (ctx.family === "evm") {
        const to = fields.to as `0x${string}`;
        const call =
          ref.kind === "erc20" ? erc20TransferCall(ref.address, to, units) : { to, value: units.toString() };
        const params = ZEthSendTransactionParams.parse({
          from: ctx.from,
          caip2: fields.caip2,
          sponsor: gasStation !== undefined,
          calls: [call],
        });
        return { family: "evm", params };
      }
      return {
        family: "svm",
        caip2: fields.caip2,
        from: ctx.from,
        to: fields.to,
        asset:
          ref.kind === "spl" ? { kind: "spl", mint: ref.mint, decimals: asset.decimals } : { kind: "native" },
        amount: units,
        ...(gasStation ? { gasStation } : {}),
      };
    });

export type TSendFormInput = z.input<ReturnType<typeof sendFormSchema>>;
