import { randomBytes } from "node:crypto";
import { deriveKeyPair } from "../../signer/hd/derive";
import { generateMnemonic, mnemonicToSeed } from "../../signer/hd/mnemonic";
import { seal, unseal } from "../../signer/seal";
import { signRawPayload } from "../../signer/signing/raw-payload";
import type { KeyPair } from "../../signer/types";
import { keyPairOf } from "../../signer/wallet-secrets";

export interface SigningCost {
  /** µs for one signature with a key already in hand: the curve arithmetic alone. */
  secp256k1SignMicros: number;
  ed25519SignMicros: number;
  /**
   * µs for what sign_raw_payload does per request to sign with a wallet account: unwrap and decrypt
   * the account's sealed key, sign, wipe.
   */
  walletAccountSignMicros: number;
  /**
   * µs for the path it replaced (now taken only once, for an account made before keys were sealed
   * per account): unseal the mnemonic, BIP-39 seed (PBKDF2, 2048 rounds), derive, sign.
   */
  walletAccountDeriveSignMicros: number;
}

const DIGEST = `0x${"ab".repeat(32)}`;

function microsPerOp(repeat: number, op: () => void): number {
  for (let i = 0; i < Math.min(50, repeat); i++) op(); // warm-up
  const started = performance.now();
  for (let i = 0; i < repeat; i++) op();
  return ((performance.now() - started) * 1000) / repeat;
}

/** The in-process cost of the signer itself, beside the end-to-end figures. */
export function measureSigningCost(): SigningCost {
  const seed = mnemonicToSeed(generateMnemonic(12));
  const secp: KeyPair = deriveKeyPair(seed, "CURVE_SECP256K1", "m/44'/60'/0'/0/0");
  const ed: KeyPair = deriveKeyPair(seed, "CURVE_ED25519", "m/44'/501'/0'/0'");
  const master = randomBytes(32);
  const identity = { id: "bench-wallet", organizationId: "bench-org", kind: "WALLET_MNEMONIC" as const };
  const sealed = seal(master, identity, Buffer.from(generateMnemonic(12)));
  const account = { id: "bench-account", organizationId: "bench-org", kind: "WALLET_ACCOUNT_KEY" as const };
  const sealedKey = seal(master, account, secp.privateKey);
  return {
    secp256k1SignMicros: microsPerOp(500, () =>
      signRawPayload(secp, DIGEST, "PAYLOAD_ENCODING_HEXADECIMAL", "HASH_FUNCTION_NO_OP"),
    ),
    ed25519SignMicros: microsPerOp(500, () =>
      signRawPayload(ed, DIGEST, "PAYLOAD_ENCODING_HEXADECIMAL", "HASH_FUNCTION_NOT_APPLICABLE"),
    ),
    walletAccountSignMicros: microsPerOp(500, () => {
      const privateKey = unseal(master, account, sealedKey);
      signRawPayload(
        keyPairOf(secp.curve, privateKey),
        DIGEST,
        "PAYLOAD_ENCODING_HEXADECIMAL",
        "HASH_FUNCTION_NO_OP",
      );
      privateKey.fill(0);
    }),
    walletAccountDeriveSignMicros: microsPerOp(100, () => {
      const mnemonic = unseal(master, identity, sealed);
      const accountSeed = mnemonicToSeed(mnemonic.toString("utf8"));
      const pair = deriveKeyPair(accountSeed, "CURVE_SECP256K1", "m/44'/60'/0'/0/0");
      signRawPayload(pair, DIGEST, "PAYLOAD_ENCODING_HEXADECIMAL", "HASH_FUNCTION_NO_OP");
      for (const secret of [mnemonic, accountSeed, pair.privateKey]) secret.fill(0);
    }),
  };
}
