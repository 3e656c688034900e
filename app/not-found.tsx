import { ThemeStyle } from "@/components/theme/theme-style";

/** 404 outside any status page (an unknown /<slug>). */
export default function NotFound() {
  return (
    <>
      <ThemeStyle colors={null} defaultTheme="AUTO" />
      <main id="main" className="container site-main" style={{ maxWidth: "40rem" }}>
        <h1 className="page-title">Status page not found</h1>
        <p>There is no status page at this address. Check the link, or ask whoever sent it for the right one.</p>
      </main>
    </>
  );
}
