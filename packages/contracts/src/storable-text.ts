/**
 * Text PostgreSQL cannot keep: a NUL character (refused outright) or half of a UTF-16
 * surrogate pair (which would be stored as a replacement character). Every request's
 * values are checked for it before an operation's schema reads them.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/** The path of every string in `value` (objects and arrays walked) that is not storable, keys included. */
export function unstorableTextPaths(value: unknown, at: (string | number)[] = [], found: (string | number)[][] = []) {
  if (typeof value === 'string') {
    if (!isStorableText(value)) found.push(at);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) unstorableTextPaths(item, [...at, index], found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      unstorableTextPaths(item, [...at, isStorableText(key) ? key : '_'], found);
      if (!isStorableText(key)) found.push(at.length ? at : ['_']);
    }
  }
  return found;
}

/** Whether anything in `value` is text PostgreSQL cannot store; allocates nothing on the way. */
export function containsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (containsUnstorableText(item)) return true;
    return false;
  }
  for (const key in value) {
    if (!isStorableText(key) || containsUnstorableText((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}
