"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ZCreateSmartContractInterfaceParams } from "@/lib/api/contracts";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";

/** Query keys of this resource: the list, and each interface under it. */
export const CONTRACTS = "contracts";

export function useContractInterfaces() {
  const session = useSession();
  return useQuery({
    queryKey: [CONTRACTS],
    queryFn: async () => (await query(session, "list_smart_contract_interfaces")).smartContractInterfaces,
  });
}

export function useContractInterface(smartContractInterfaceId: string) {
  const session = useSession();
  return useQuery({
    queryKey: [CONTRACTS, smartContractInterfaceId],
    queryFn: async () =>
      (await query(session, "get_smart_contract_interface", { smartContractInterfaceId }))
        .smartContractInterface,
  });
}

const params = ZCreateSmartContractInterfaceParams.shape;

/**
 * The "Upload interface" form: the server's rules (the definition's 400 kB limit included, counted
 * in bytes as the server counts). Address and notes are trimmed first, as pasted text often ends in
 * a space; whether the definition is JSON the server says, with the exact place it breaks.
 */
export const ZNewContractForm = z.object({
  type: params.type,
  label: params.label,
  smartContractAddress: z.string().trim().pipe(params.smartContractAddress),
  notes: z.string().trim().pipe(params.notes.unwrap()),
  smartContractInterface: params.smartContractInterface,
});
export type TNewContractForm = z.output<typeof ZNewContractForm>;

export const useUploadContract = () =>
  useActivityMutation<TNewContractForm>(
    "create_smart_contract_interface",
    // No notes is no `notes`, as the API's own clients send it.
    ({ notes, ...rest }) => ({ ...rest, ...(notes ? { notes } : {}) }),
    [CONTRACTS],
  );

export const useDeleteContract = () =>
  useActivityMutation<string>(
    "delete_smart_contract_interface",
    (smartContractInterfaceId) => ({ smartContractInterfaceId }),
    [CONTRACTS],
  );
