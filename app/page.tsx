export default function Home() {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold">Latchkey</h1>
      <p className="mt-2 text-muted-foreground">The API is served under /public/v1.</p>
    </main>
  );
}
