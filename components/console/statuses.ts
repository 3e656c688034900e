/** The update statuses, in the order an incident goes through them. */
export const UPDATE_STATUSES = ["INVESTIGATING", "IDENTIFIED", "MONITORING", "RESOLVED"].map((s) => ({ value: s, label: s[0] + s.slice(1).toLowerCase() }));
