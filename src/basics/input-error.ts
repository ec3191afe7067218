/** A bad input: the message names the input, the value (never a secret) and the fix. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** A value quoted for an error message, cut short so a pasted blob cannot flood the log. */
export function quote(value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return JSON.stringify(shown);
}
