/** A stopwatch: each call returns the milliseconds since the previous one (or since it started). */
export function startLaps(): () => number {
  let mark = performance.now();
  return () => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return ms;
  };
}
