import { ThemeStyle } from "@/components/theme/theme-style";

export const dynamic = "force-dynamic";

/** `/` on the primary host: lists nothing (private pages must not be discoverable). */
export default function Landing() {
  return (
    <>
      <ThemeStyle colors={null} defaultTheme="AUTO" />
      <main id="main" className="container site-main" style={{ maxWidth: "40rem" }}>
        <h1 className="page-title">Heliograph</h1>
        <p>This server hosts status pages. Each page has its own address, such as <code>/acme</code> or a custom domain.</p>
        <p className="muted">If you were sent here, ask for the exact link of the status page you are looking for.</p>
      </main>
    </>
  );
}
