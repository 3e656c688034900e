/** JSON columns are text on both stores. */
export const toJson = (value: unknown): string => JSON.stringify(value);
export function fromJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}
