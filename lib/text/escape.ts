/** The one HTML and XML escaper: the five characters, so the result is safe in text and in quoted attributes alike. */
const REFS: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => REFS[c]);
