import { EndpointList } from "@/components/webhooks/endpoint-list";
import { NewEndpointForm } from "@/components/webhooks/new-endpoint-form";

export default function WebhooksPage() {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Webhooks</h1>
      <p className="max-w-3xl text-sm text-muted-foreground">
        Signed HTTP calls when activities, transactions, swaps, Earn requests or on-ramp purchases change
        status. Needs the Webhooks feature (Organization page).
      </p>
      <NewEndpointForm />
      <EndpointList />
    </div>
  );
}
