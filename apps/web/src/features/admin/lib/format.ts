/** A moment as staff read it: "Nov 26, 2026, 4:33 PM". */
export const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment's day: "Nov 26, 2026". */
export const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
