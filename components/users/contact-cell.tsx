import { Badge } from "../ui/badge";

/** An e-mail address or phone number with whether a one-time code proved it. */
export function ContactCell({ value, verified }: { value?: string; verified?: boolean }) {
  if (!value) return <>—</>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="break-all">{value}</span>
      {verified ? <Badge tone="success">verified</Badge> : <Badge>unverified</Badge>}
    </span>
  );
}
