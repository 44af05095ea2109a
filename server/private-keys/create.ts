import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import { privateKeyAddresses, privateKeys } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { addressFor } from "../signer/addresses";
import type { AddressFormat, Curve } from "../signer/types";
import { findTags, tagsNotFound } from "../tags/find";
import { PRIVATE_KEY_TAGS } from "../tags/kinds";

export interface NewPrivateKey {
  privateKeyName: string;
  curve: Curve;
  privateKeyTags: string[];
  addressFormats: AddressFormat[];
}

/**
 * Check what a new private key row needs before any key is generated: a free name, tags of this
 * organization, and address formats its curve can produce (addressFor refuses the others).
 */
export async function checkNewPrivateKeys(
  tx: Tx,
  organizationId: string,
  keys: NewPrivateKey[],
): Promise<void> {
  const names = new Set<string>();
  for (const [i, key] of keys.entries()) {
    if (names.has(key.privateKeyName)) {
      throw new ApiError(
        "INVALID_ARGUMENT",
        "PRIVATE_KEY_NAME_TAKEN",
        `privateKeys[${i}].privateKeyName repeats "${key.privateKeyName}"`,
      );
    }
    names.add(key.privateKeyName);
  }
  const [taken] = await tx
    .select({ name: privateKeys.name })
    .from(privateKeys)
    .where(and(eq(privateKeys.organizationId, organizationId), inArray(privateKeys.name, [...names])))
    .limit(1);
  if (taken) {
    throw new ApiError(
      "ALREADY_EXISTS",
      "PRIVATE_KEY_NAME_TAKEN",
      `a private key named "${taken.name}" already exists in this organization`,
    );
  }
  // Every tag any key names, in one query; the first key naming a missing one is blamed.
  const named = [...new Set(keys.flatMap((k) => k.privateKeyTags))];
  const known = new Set((await findTags(tx, organizationId, PRIVATE_KEY_TAGS, named)).map((t) => t.id));
  for (const [i, key] of keys.entries()) {
    const missing = key.privateKeyTags.filter((id) => !known.has(id));
    if (missing.length > 0) {
      throw tagsNotFound(PRIVATE_KEY_TAGS, missing, `parameters.privateKeys[${i}].privateKeyTags`);
    }
  }
}

/** Store the row and its addresses for a key whose secret the signer has just sealed under `id`. */
export async function insertPrivateKey(
  tx: Tx,
  organizationId: string,
  id: string,
  key: NewPrivateKey,
  publicKey: Uint8Array,
  now: Date,
  options: { imported: boolean },
): Promise<{ format: AddressFormat; address: string }[]> {
  const [addresses] = await insertPrivateKeys(tx, organizationId, [{ id, key, publicKey }], now, options);
  return addresses!;
}

/** Several keys' rows and addresses in two statements, whatever their number; addresses per key. */
export async function insertPrivateKeys(
  tx: Tx,
  organizationId: string,
  entries: { id: string; key: NewPrivateKey; publicKey: Uint8Array }[],
  now: Date,
  options: { imported: boolean },
): Promise<{ format: AddressFormat; address: string }[][]> {
  const addresses = entries.map(({ key, publicKey }) =>
    [...new Set(key.addressFormats)].map((format) => ({
      format,
      address: addressFor(format, key.curve, publicKey),
    })),
  );
  if (entries.length === 0) return addresses;
  await tx.insert(privateKeys).values(
    entries.map(({ id, key, publicKey }) => ({
      id,
      organizationId,
      name: key.privateKeyName,
      curve: key.curve,
      publicKey: Buffer.from(publicKey).toString("hex"),
      tagIds: key.privateKeyTags,
      exported: false,
      imported: options.imported,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const rows = entries.flatMap(({ id }, i) =>
    addresses[i]!.map((a) => ({ privateKeyId: id, organizationId, ...a })),
  );
  if (rows.length) await tx.insert(privateKeyAddresses).values(rows);
  return addresses;
}

export const newPrivateKeyId = (now: Date) => newId(now.getTime());
