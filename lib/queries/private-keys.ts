"use client";

import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { ZPrivateKeyParams } from "@/lib/api/private-keys";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";

/** Query key of the private key list (tag usage counts are read from it too). */
export const PRIVATE_KEYS = "private-keys";

export function usePrivateKeys() {
  const session = useSession();
  return useQuery({
    queryKey: [PRIVATE_KEYS],
    queryFn: async () => (await query(session, "list_private_keys")).privateKeys,
  });
}

/** The "Create private key" form is exactly one of create_private_keys' keys, checked as the server does. */
export const ZNewPrivateKeyForm = ZPrivateKeyParams;
export type TNewPrivateKeyForm = z.output<typeof ZNewPrivateKeyForm>;

export const useCreatePrivateKey = () =>
  useActivityMutation<TNewPrivateKeyForm>("create_private_keys", (key) => ({ privateKeys: [key] }), [
    PRIVATE_KEYS,
  ]);

export const useDeletePrivateKey = (privateKeyId: string) =>
  useActivityMutation<boolean>(
    "delete_private_keys",
    (deleteWithoutExport) => ({ privateKeyIds: [privateKeyId], deleteWithoutExport }),
    [PRIVATE_KEYS],
  );
