// SCAFFOLD: page frame; the issue that owns this screen fills it.
export default function Page() {
  return (
    <main className="mx-auto max-w-6xl p-4">
      <h1 className="text-2xl font-bold">Businesses</h1>
    </main>
  );
}
