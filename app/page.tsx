export default function Landing() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-semibold">Heliograph</h1>
      <p className="mt-2">This server hosts status pages. Open a page at its address, for example <code>/acme</code>.</p>
    </main>
  );
}
