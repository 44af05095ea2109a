import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className={cn("w-full text-sm", className)} {...props} />
    </div>
  );
}

export const TableHead = ({ className, ...props }: ComponentProps<"thead">) => (
  <thead className={cn("bg-muted/60 text-left text-muted-foreground", className)} {...props} />
);
export const TableRow = ({ className, ...props }: ComponentProps<"tr">) => (
  <tr className={cn("border-t border-border first:border-t-0", className)} {...props} />
);
export const TableHeader = ({ className, ...props }: ComponentProps<"th">) => (
  <th className={cn("px-3 py-2 font-medium", className)} {...props} />
);
export const TableCell = ({ className, ...props }: ComponentProps<"td">) => (
  <td className={cn("px-3 py-2 align-middle", className)} {...props} />
);
