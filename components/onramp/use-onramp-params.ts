"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";

/** The looked-up id and the list's filters live in the URL: a support link opens the same view. */
export function useOnRampParams() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const params = {
    id: search.get("id") ?? "",
    status: search.get("status") ?? "",
    provider: search.get("provider") ?? "",
  };
  const set = (change: Partial<typeof params>) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...params, ...change })) if (value) query.set(key, value);
    const text = query.toString();
    router.push(text ? `${pathname}?${text}` : pathname, { scroll: false });
  };
  return { params, set };
}
