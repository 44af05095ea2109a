import { Suspense } from "react";
import { OnRampSupport } from "@/components/onramp/onramp-support";

export default function OnRampPage() {
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">On-ramp</h1>
      <p className="text-sm text-muted-foreground">
        Fiat purchases of crypto started with init_fiat_on_ramp: look one up by its id to see where it stands,
        or ask its provider again with Refresh.
      </p>
      {/* The lookup and filters are read from the URL, which a static page only knows in the browser. */}
      <Suspense>
        <OnRampSupport />
      </Suspense>
    </div>
  );
}
