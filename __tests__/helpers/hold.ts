// A hold on a request: a promise an emulator's fault rule holds a request on (holdUntil), and the hand
// that lets it go.

/** A promise to hold a request on, and `release`, which lets it go. */
export function aHold(): { promise: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
