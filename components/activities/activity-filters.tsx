"use client";

import { ACTIVITY_STATUSES } from "@/lib/api/activity";
import { activityTypeName } from "@/lib/client/activity-types";
import { humanize } from "@/lib/client/format";
import { useActivityTypes } from "@/lib/queries/activities";
import { Label } from "../ui/label";
import { Select } from "../ui/select";

interface Props {
  status: string;
  type: string;
  onChange(key: "status" | "type", value: string): void;
}

export function ActivityFilters({ status, type, onChange }: Props) {
  const types = useActivityTypes();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid w-48 gap-1.5 max-sm:w-full">
        <Label htmlFor="filter-status">Status</Label>
        <Select
          id="filter-status"
          aria-label="Filter by status"
          value={status}
          onChange={(e) => onChange("status", e.target.value)}
        >
          <option value="">All statuses</option>
          {ACTIVITY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {humanize(s, "ACTIVITY_STATUS_")}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid w-72 gap-1.5 max-sm:w-full">
        <Label htmlFor="filter-type">Type</Label>
        <Select
          id="filter-type"
          aria-label="Filter by type"
          value={type}
          onChange={(e) => onChange("type", e.target.value)}
        >
          <option value="">All types</option>
          {/* A type from a bookmarked URL stays selectable even if no list names it. */}
          {type && !types.data?.includes(type) && <option value={type}>{activityTypeName(type)}</option>}
          {types.data?.map((t) => (
            <option key={t} value={t}>
              {activityTypeName(t)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
