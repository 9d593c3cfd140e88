/** A count with the reader's thousands separators (3,021). */
export const count = (value: number): string => new Intl.NumberFormat().format(value);
