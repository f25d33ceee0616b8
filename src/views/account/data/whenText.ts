/** A day and time in the member's own words and zone. */
export const whenText = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
