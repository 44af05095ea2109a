"use client";

import type { ComponentProps } from "react";
import { nativeAsset, type TAssetMetadata } from "@/lib/api/assets";
import { Select } from "../ui/select";

/**
 * The assets a chain can send (list_supported_assets), by CAIP-19 id. Until they arrive, the
 * chain's native coin alone, which every chain has.
 */
export function AssetSelect({
  caip2,
  assets,
  ...select
}: ComponentProps<"select"> & { caip2: string; assets?: readonly TAssetMetadata[] }) {
  const shown = assets ?? [nativeAsset(caip2)];
  return (
    <Select {...select}>
      {shown.map((asset) => (
        <option key={asset.caip19} value={asset.caip19}>
          {asset.symbol} — {asset.name}
        </option>
      ))}
    </Select>
  );
}
