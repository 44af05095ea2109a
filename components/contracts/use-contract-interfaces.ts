"use client";

import { useQuery } from "@tanstack/react-query";
import type { TSmartContractInterface } from "@/lib/api/contracts";
import { queryUnchecked } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

export const CONTRACTS = "contracts";

export function useContractInterfaces() {
  const session = useSession();
  return useQuery({
    queryKey: [CONTRACTS],
    queryFn: async () =>
      (
        await queryUnchecked<{ smartContractInterfaces: TSmartContractInterface[] }>(
          session,
          "list_smart_contract_interfaces",
        )
      ).smartContractInterfaces,
  });
}

export function useContractInterface(smartContractInterfaceId: string) {
  const session = useSession();
  return useQuery({
    queryKey: [CONTRACTS, smartContractInterfaceId],
    queryFn: async () =>
      (
        await queryUnchecked<{ smartContractInterface: TSmartContractInterface }>(
          session,
          "get_smart_contract_interface",
          { smartContractInterfaceId },
        )
      ).smartContractInterface,
  });
}
