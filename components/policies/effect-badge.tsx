import type { TPolicy } from "@/lib/api/policies";
import { Badge } from "../ui/badge";

export function EffectBadge({ effect }: { effect: TPolicy["effect"] }) {
  return effect === "EFFECT_ALLOW" ? <Badge tone="success">Allow</Badge> : <Badge tone="danger">Deny</Badge>;
}
