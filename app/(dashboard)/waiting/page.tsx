import { WaitingList } from "@/components/waiting/waiting-list";

export default function WaitingPage() {
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Waiting for you</h1>
      <WaitingList />
    </div>
  );
}
