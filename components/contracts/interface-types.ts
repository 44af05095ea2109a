/** How each kind of contract interface is called and what its address is, for people. */
export const INTERFACE_TYPES = {
  SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM: {
    label: "Ethereum ABI",
    address: "Contract address",
    placeholder: "0x…",
  },
  SMART_CONTRACT_INTERFACE_TYPE_SOLANA: {
    label: "Solana IDL (Anchor)",
    address: "Program id",
    placeholder: "base58 program id",
  },
} as const;

export type InterfaceType = keyof typeof INTERFACE_TYPES;

export const interfaceTypeLabel = (type: string) =>
  (INTERFACE_TYPES as Record<string, { label: string }>)[type]?.label ?? type;
