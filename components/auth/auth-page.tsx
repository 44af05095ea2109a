import { KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardDescription, CardTitle } from "../ui/card";

/** The frame of the pages seen before signing in: the product's name over one centred card. */
export function AuthPage({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-6">
      <div className="grid w-full max-w-md gap-6">
        <p className="flex items-center justify-center gap-2 text-lg font-semibold tracking-tight">
          <KeyRound className="h-5 w-5" aria-hidden /> Latchkey
        </p>
        <Card>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
          {children}
        </Card>
      </div>
    </main>
  );
}
