// Rendered on every request, as Heliograph's pages are: nothing prerendered at build time.
export const dynamic = "force-dynamic";

export default function Page() {
  return (
    <main>
      <h1>Floor</h1>
      <p>{new Date().toISOString()}</p>
    </main>
  );
}
