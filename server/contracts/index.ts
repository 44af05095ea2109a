import type { TSmartContractInterfaceType } from "@/lib/api/contracts";
import { type ParsedAbi, parseEthereumAbi } from "./ethereum-abi";
import { normalizeEthereumAddress } from "./ethereum-address";
import { normalizeSolanaProgramId } from "./solana-address";
import { type ParsedIdl, parseAnchorIdl } from "./solana-idl";

export { anchorInstructionDiscriminator, toSnakeCase } from "./anchor-discriminator";
export { ContractInterfaceError } from "./errors";
export type { AbiItem, AbiParameter, ParsedAbi } from "./ethereum-abi";
export { selectorOf, signatureOf } from "./ethereum-abi";
export { toChecksumAddress } from "./ethereum-address";
export type { IdlAccount, IdlInstruction, ParsedIdl } from "./solana-idl";

/** What is stored in `smart_contract_interfaces.parsed`: what the policy engine decodes with. */
export type ParsedContractInterface =
  | ({ chain: "ethereum" /** lower case */; address: string } & ParsedAbi)
  | ({ chain: "solana"; programId: string } & ParsedIdl);

export interface ContractInterfaceInput {
  type: TSmartContractInterfaceType;
  address: string;
  definition: string;
}

/**
 * Check an address and its ABI or IDL together and return the normalized form. Throws a
 * ContractInterfaceError (a SignerInputError) naming the field, where and what, for anything unusable.
 */
export function parseContractInterface(
  input: ContractInterfaceInput,
  fields = { address: "smartContractAddress", definition: "smartContractInterface" },
): ParsedContractInterface {
  if (input.type === "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM") {
    const address = normalizeEthereumAddress(input.address, fields.address);
    return { chain: "ethereum", address, ...parseEthereumAbi(input.definition, fields.definition) };
  }
  const programId = normalizeSolanaProgramId(input.address, fields.address);
  return { chain: "solana", programId, ...parseAnchorIdl(input.definition, fields.definition, programId) };
}
