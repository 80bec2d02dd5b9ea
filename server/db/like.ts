// The caller's text in LIKE and ILIKE patterns, taken literally.

/** Escapes the LIKE wildcards (backslash is the default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A pattern that finds the text anywhere. */
export const likeContains = (text: string) => `%${escapeLike(text)}%`;
