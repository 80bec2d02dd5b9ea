// Request schemas refuse what they do not name (docs/api-conventions.md).

/** The option of every request object schema: a property it does not name is answered with a 400. */
export const closed = { additionalProperties: false } as const;
