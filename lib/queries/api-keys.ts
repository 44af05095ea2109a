"use client";

import { z } from "zod";
import { ZId } from "@/lib/api/common";
import { ZApiKeyParams, ZApiKeySeconds } from "@/lib/api/credentials";
import { useActivityMutation } from "./activity-mutation";
import { USERS } from "./users";

/*
 * API keys are listed with their users (list_users carries each user's keys): the users' query key
 * is the one to refresh, and useUsers the one to read.
 */

/** The "Add API key" form: create_api_keys' own key schema, with a lifetime that may be left blank. */
export const ZNewApiKeyForm = ZApiKeyParams.extend({
  userId: ZId,
  publicKey: z.string().trim().pipe(ZApiKeyParams.shape.publicKey),
  expirationSeconds: z.union([z.literal(""), ZApiKeySeconds]),
});
export type TNewApiKeyForm = z.output<typeof ZNewApiKeyForm>;

/** create_api_keys' parameters for one key of the form; a blank lifetime means the key never expires. */
export const newApiKeyParams = ({ userId, expirationSeconds, ...key }: TNewApiKeyForm) => ({
  userId,
  apiKeys: [{ ...key, ...(expirationSeconds ? { expirationSeconds } : {}) }],
});

export const useCreateApiKey = () => useActivityMutation("create_api_keys", newApiKeyParams, [USERS]);

export const useDeleteApiKey = () =>
  useActivityMutation<{ userId: string; apiKeyId: string }>(
    "delete_api_keys",
    ({ userId, apiKeyId }) => ({ userId, apiKeyIds: [apiKeyId] }),
    [USERS],
  );
