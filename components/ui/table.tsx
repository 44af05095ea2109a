import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

/*
 * Below the `sm` breakpoint (640 px) a table is a stack of cards: every row its own bordered block,
 * every cell a line of it, prefixed by the cell's `label` since the column headers are hidden then.
 */

export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border max-sm:overflow-visible max-sm:border-0">
      <table className={cn("w-full text-sm max-sm:block max-sm:[&>tbody]:block", className)} {...props} />
    </div>
  );
}

export const TableHead = ({ className, ...props }: ComponentProps<"thead">) => (
  <thead className={cn("bg-muted/60 text-left text-muted-foreground max-sm:sr-only", className)} {...props} />
);

/** A body row; on a phone, a card. */
export const TableRow = ({ className, ...props }: ComponentProps<"tr">) => (
  <tr
    className={cn(
      "border-t border-border first:border-t-0",
      "max-sm:mb-3 max-sm:grid max-sm:gap-1 max-sm:rounded-lg max-sm:border max-sm:p-3 max-sm:first:border-t",
      className,
    )}
    {...props}
  />
);

export const TableHeader = ({ className, ...props }: ComponentProps<"th">) => (
  <th className={cn("px-3 py-2 font-medium", className)} {...props} />
);

/** A cell; `label` names it on a phone, where the header row is not shown. */
export const TableCell = ({ className, label, ...props }: ComponentProps<"td"> & { label?: string }) => (
  <td
    data-label={label}
    className={cn(
      "px-3 py-2 align-middle",
      "max-sm:block max-sm:p-0 max-sm:text-left",
      label && "max-sm:before:mr-2 max-sm:before:text-xs max-sm:before:text-muted-foreground",
      label && "max-sm:before:content-[attr(data-label)]",
      className,
    )}
    {...props}
  />
);
