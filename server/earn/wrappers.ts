import { and, desc, eq, inArray, lt, max } from "drizzle-orm";
import { getContractAddress } from "viem";
import type { DbOrTx } from "../db/client";
import { type EarnWrapperRow, earnRequests, earnWrappers } from "../db/schema";
import { ApiError, invalid } from "../errors";

/** A wrapper whose deployment is confirmed or still on its way (a FAILED one never existed). */
export interface WrapperWithStatus extends EarnWrapperRow {
  deployStatus: string;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The organization's wrappers, newest first, with their deployment's status; FAILED ones left out. */
export async function organizationWrappers(db: DbOrTx, organizationId: string): Promise<WrapperWithStatus[]> {
  const rows = await db
    .select({ wrapper: earnWrappers, deployStatus: earnRequests.status })
    .from(earnWrappers)
    .innerJoin(earnRequests, eq(earnRequests.id, earnWrappers.deployRequestId))
    .where(eq(earnWrappers.organizationId, organizationId))
    // Newest first: by acceptance, then by the factory nonce (the chain's own order of deployments).
    .orderBy(desc(earnWrappers.createdAt), desc(earnWrappers.factoryNonce));
  return rows
    .filter((r) => r.deployStatus !== "FAILED")
    .map((r) => ({ ...r.wrapper, deployStatus: r.deployStatus }));
}

/**
 * The organization's wrapper at an address on a chain, or a 404 naming it — an address that is
 * another organization's wrapper is as unknown to this one as any other address.
 */
export async function requireWrapper(
  db: DbOrTx,
  organizationId: string,
  wrapperAddress: string,
  caip2?: string,
): Promise<WrapperWithStatus> {
  const wrapper = (await organizationWrappers(db, organizationId)).find(
    (w) => sameAddress(w.wrapperAddress, wrapperAddress) && (!caip2 || w.caip2 === caip2),
  );
  if (!wrapper) {
    throw new ApiError(
      "NOT_FOUND",
      "NOT_FOUND",
      `wrapper ${wrapperAddress} is not an Earn wrapper of this organization${caip2 ? ` on ${caip2}` : ""}`,
    );
  }
  return wrapper;
}

/** Deposits need a confirmed wrapper, and only the newest of its vault takes them (Earn rule 5). */
export async function requireDepositTarget(
  db: DbOrTx,
  organizationId: string,
  wrapperAddress: string,
  caip2: string,
): Promise<WrapperWithStatus> {
  const wrapper = await requireWrapper(db, organizationId, wrapperAddress, caip2);
  if (wrapper.deployStatus !== "COMPLETED") {
    throw invalid(
      `wrapper ${wrapperAddress} is still being deployed: poll get_earn_deploy_status`,
      "wrapperAddress",
    );
  }
  const newest = (await organizationWrappers(db, organizationId)).find(
    (w) =>
      w.caip2 === caip2 &&
      sameAddress(w.vaultAddress, wrapper.vaultAddress) &&
      w.deployStatus === "COMPLETED",
  );
  if (newest && newest.id !== wrapper.id) {
    throw invalid(
      `wrapper ${wrapperAddress} was replaced by ${newest.wrapperAddress} (a newer fee configuration of the same vault): new deposits go there; positions here stay withdrawable`,
      "wrapperAddress",
    );
  }
  if (wrapper.depositsDisabled) {
    throw invalid(
      `deposits to wrapper ${wrapperAddress} are paused (earn_set_wrapper_state); withdrawals still work`,
      "wrapperAddress",
    );
  }
  return wrapper;
}

/**
 * Where the factory's next deployment will put the splitter and the wrapper: it creates them with
 * CREATE at its own nonce and the next. A deployment accepted but not yet confirmed holds its two
 * nonces, so the next one predicts past the highest of those (or the chain's nonce, if further);
 * the job confirms the addresses from the factory's event.
 */
export async function predictWrapperAddresses(
  db: DbOrTx,
  factory: `0x${string}`,
  caip2: string,
  chainNonce: bigint,
): Promise<{ splitter: `0x${string}`; wrapper: `0x${string}`; factoryNonce: number }> {
  const [inFlight] = await db
    .select({ highest: max(earnWrappers.factoryNonce) })
    .from(earnWrappers)
    .innerJoin(earnRequests, eq(earnRequests.id, earnWrappers.deployRequestId))
    .where(and(eq(earnWrappers.caip2, caip2), inArray(earnRequests.status, ["PENDING", "BROADCASTED"])));
  const afterInFlight = inFlight?.highest == null ? 0n : BigInt(inFlight.highest) + 2n;
  const nonce = chainNonce > afterInFlight ? chainNonce : afterInFlight;
  return {
    splitter: getContractAddress({ from: factory, nonce }),
    wrapper: getContractAddress({ from: factory, nonce: nonce + 1n }),
    factoryNonce: Number(nonce),
  };
}

/** The factory's event is the truth: a prediction that was overtaken is corrected here. */
export async function confirmDeployedWrapper(
  db: DbOrTx,
  deployRequestId: string,
  wrapperAddress: string,
  splitterAddress: string,
): Promise<void> {
  await db
    .update(earnWrappers)
    .set({ wrapperAddress, splitterAddress })
    .where(eq(earnWrappers.deployRequestId, deployRequestId));
}

export async function setWrapperDepositsDisabled(
  db: DbOrTx,
  id: string,
  depositsDisabled: boolean,
): Promise<void> {
  await db.update(earnWrappers).set({ depositsDisabled }).where(eq(earnWrappers.id, id));
}

/**
 * Whether a deployment must wait its turn: the addresses it was told assume the factory deploys in
 * acceptance order, so it is signed only once no deployment predicted before it is still in flight.
 */
export async function earlierDeployInFlight(db: DbOrTx, deployRequestId: string): Promise<boolean> {
  const [mine] = await db
    .select()
    .from(earnWrappers)
    .where(eq(earnWrappers.deployRequestId, deployRequestId));
  if (!mine) return false;
  const [earlier] = await db
    .select({ id: earnWrappers.id })
    .from(earnWrappers)
    .innerJoin(earnRequests, eq(earnRequests.id, earnWrappers.deployRequestId))
    .where(
      and(
        eq(earnWrappers.caip2, mine.caip2),
        lt(earnWrappers.factoryNonce, mine.factoryNonce),
        inArray(earnRequests.status, ["PENDING", "BROADCASTED"]),
      ),
    )
    .limit(1);
  return earlier !== undefined;
}
