"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { ActivityListParams } from "@/lib/queries/activities";

/**
 * The activities list's filters and page live in the URL, so a filtered view can be reloaded,
 * bookmarked and shared. Changing a filter goes back to the newest page.
 */
export function useListParams() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const params: ActivityListParams = {
    status: search.get("status") ?? "",
    type: search.get("type") ?? "",
    before: search.get("before") ?? undefined,
    after: search.get("after") ?? undefined,
  };
  const go = (next: ActivityListParams) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) query.set(key, value);
    const text = query.toString();
    router.push(text ? `${pathname}?${text}` : pathname, { scroll: false });
  };
  return {
    params,
    setFilter: (key: "status" | "type", value: string) =>
      go({ status: params.status, type: params.type, [key]: value }),
    older: (lastId: string) => go({ status: params.status, type: params.type, before: lastId }),
    newer: (firstId: string) => go({ status: params.status, type: params.type, after: firstId }),
  };
}
