"use client";

import { useQuery } from "@tanstack/react-query";
import type { TTag } from "@/lib/api/tags";
import { queryUnchecked } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import type { TagKind } from "./tag-kinds";

export function useTags(kind: TagKind) {
  const session = useSession();
  return useQuery({
    queryKey: [kind.queryKey],
    queryFn: async () =>
      (await queryUnchecked<Record<string, TTag[]>>(session, kind.list.path))[kind.list.member] ?? [],
  });
}
