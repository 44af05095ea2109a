import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { notFound } from "../errors";
import { privateKeySigningKey, type SigningKey, walletAccountSigningKey } from "../signer/signing-key";
import type { Curve } from "../signer/types";
import { findSignerSource } from "./signer-source";

/** The key named by `signWith`: which account or key it is, and a key that can only sign. */
export interface ResolvedSigner {
  curve: Curve;
  /** What the policy engine and the activity record see: which account or key signed. */
  source:
    | { kind: "WALLET_ACCOUNT"; walletId: string; walletAccountId: string; address: string }
    | {
        kind: "PRIVATE_KEY";
        privateKeyId: string;
      };
  key: SigningKey;
}

/** The key `signWith` names (see findSignerSource), ready to sign. */
export async function resolveSigner(
  app: AppContext,
  tx: Tx,
  organizationId: string,
  signWith: string,
): Promise<ResolvedSigner> {
  const source = await findSignerSource(tx, organizationId, signWith);
  if (!source) {
    throw notFound(
      "signer",
      `${signWith} (no wallet account address, private key address or private key id of this organization)`,
    );
  }
  if (source.kind === "PRIVATE_KEY") {
    return privateKeySigner(app, tx, organizationId, source.privateKeyId, source.curve);
  }
  const { walletId, walletAccountId, address, path, curve } = source;
  return {
    curve,
    source: { kind: "WALLET_ACCOUNT", walletId, walletAccountId, address },
    key: walletAccountSigningKey(
      tx,
      app.keyring,
      { walletId, walletAccountId, organizationId },
      { curve, path },
      app.clock.now(),
      source.sealed,
    ),
  };
}

function privateKeySigner(
  app: AppContext,
  tx: Tx,
  organizationId: string,
  privateKeyId: string,
  curve: Curve,
): ResolvedSigner {
  return {
    curve,
    source: { kind: "PRIVATE_KEY", privateKeyId },
    key: privateKeySigningKey(tx, app.keyring, { privateKeyId, organizationId }, curve),
  };
}
