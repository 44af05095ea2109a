import Link from "next/link";

/**
 * A policy by name, linking to its page. A policy that no longer exists (deleted since it decided)
 * is named by its id, after the name it had when that is known; while names cannot be looked up,
 * the id alone.
 */
export function PolicyLink({
  policyId,
  policyName,
  exists = true,
}: {
  policyId: string;
  policyName?: string;
  exists?: boolean;
}) {
  if (exists && policyName === undefined) return <span className="font-mono text-xs">{policyId}</span>;
  if (!exists) {
    return (
      <span className="text-muted-foreground" data-testid="deleted-policy">
        {policyName ? `${policyName}: ` : ""}deleted policy{" "}
        <span className="font-mono text-xs">{policyId}</span>
      </span>
    );
  }
  return (
    <Link className="font-medium underline-offset-2 hover:underline" href={`/policies/${policyId}`}>
      {policyName}
    </Link>
  );
}
