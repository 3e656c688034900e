"use client";

/** Shown if rendering failed (e.g. the database is unreachable); no details of the error reach the visitor. */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section aria-labelledby="err-title">
      <h1 id="err-title" className="page-title">
        Status temporarily unavailable
      </h1>
      <p className="muted">This status page could not be loaded just now. Please try again in a moment.</p>
      <button type="button" className="button" onClick={() => reset()}>
        Try again
      </button>
    </section>
  );
}
