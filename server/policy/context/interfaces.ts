import type { ParsedAbi, ParsedIdl } from "../../contracts";
import { isRecord } from "./guards";

/**
 * A registered smart contract interface as the policy engine receives it: the row's address and
 * its `parsed` column (server/contracts ParsedContractInterface, stored as JSON).
 */
export interface ContractInterfaceRef {
  address: string;
  parsed: unknown;
}

/** The ABI registered for an Ethereum address (compared in lower case, as addresses are stored). */
export function abiFor(interfaces: readonly ContractInterfaceRef[], address: string): ParsedAbi | undefined {
  const wanted = address.toLowerCase();
  for (const { address: rowAddress, parsed } of interfaces) {
    if (!isRecord(parsed) || parsed.chain !== "ethereum") continue;
    const registered = typeof parsed.address === "string" ? parsed.address : rowAddress;
    if (
      registered.toLowerCase() === wanted &&
      Array.isArray(parsed.abi) &&
      isRecord(parsed.functionSelectors)
    ) {
      return parsed as unknown as ParsedAbi;
    }
  }
  return undefined;
}

/** The Anchor IDL registered for a Solana program id (base58, compared exactly: it is case-sensitive). */
export function idlFor(
  interfaces: readonly ContractInterfaceRef[],
  programId: string,
): ParsedIdl | undefined {
  for (const { address: rowAddress, parsed } of interfaces) {
    if (!isRecord(parsed) || parsed.chain !== "solana") continue;
    const registered = typeof parsed.programId === "string" ? parsed.programId : rowAddress;
    if (registered === programId && Array.isArray(parsed.instructions)) return parsed as unknown as ParsedIdl;
  }
  return undefined;
}
