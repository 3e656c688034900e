/** Asks for a page key or the page password; posts to <base>/access, which sets the access cookie. */
export function UnlockForm({ pageName, base, next, denied }: { pageName: string; base: string; next: string; denied: boolean }) {
  return (
    <section className="panel max-w-lg" aria-labelledby="unlock-title">
      <h1 id="unlock-title" className="page-title">
        {pageName} is private
      </h1>
      <p className="muted">Enter the access key or password you were given to see this status page.</p>
      {denied && (
        <p className="notice" role="alert">
          That key or password is not right. Check it and try again.
        </p>
      )}
      <form method="post" action={`${base}/access`}>
        <input type="hidden" name="next" value={next} />
        <label className="field">
          Access key or password
          <input name="secret" type="password" autoComplete="current-password" required maxLength={512} />
        </label>
        <button className="button" type="submit">
          Open status page
        </button>
      </form>
    </section>
  );
}
