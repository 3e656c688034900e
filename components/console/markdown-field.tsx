"use client";
import { useId, useState, useTransition } from "react";
import { useFieldError } from "./form";

/** A markdown message with a preview rendered by the server's own renderer (the one the public page uses). */
export function MarkdownField({ name, label, preview }: { name: string; label: string; preview: (markdown: string) => Promise<string> }) {
  const id = useId();
  const error = useFieldError(name);
  const [text, setText] = useState("");
  const [html, setHtml] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">{label}</label>
      <textarea id={id} name={name} rows={5} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-e` : undefined} className="mt-1 block w-full rounded border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 dark:border-gray-500 dark:bg-gray-900 dark:text-gray-100" />
      {error ? <p id={`${id}-e`} className="mt-1 text-sm text-red-800 dark:text-red-300">{error}</p> : null}
      <button type="button" className="mt-2 rounded border border-gray-500 px-3 py-1 text-sm" disabled={pending} onClick={() => start(async () => setHtml(await preview(text)))}>
        Preview
      </button>
      {html !== null ? (
        <section aria-label="Preview" className="prose mt-2 rounded border border-dashed border-gray-500 p-3 text-sm dark:prose-invert" data-testid="preview" dangerouslySetInnerHTML={{ __html: html }} />
      ) : null}
    </div>
  );
}
