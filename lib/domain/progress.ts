/**
 * Long work said as "N of M" with what is left, for the page and the terminal alike: `120 of 300 instances
 * analysed, about 2 min left`. The estimate is the rate so far (from `elapsedMs` for `done` items); none is given
 * before there is a rate to go by, or where the total is not known.
 */
export function progressText(done: number, total: number | null, unit: string, elapsedMs: number | null): string {
  const n = done.toLocaleString("en");
  if (total === null || total <= 0) return `${n} ${unit}`;
  const shown = Math.min(done, total);
  const head = `${shown.toLocaleString("en")} of ${total.toLocaleString("en")} ${unit}`;
  if (elapsedMs === null || done <= 0 || done >= total || elapsedMs < 2_000) return head;
  const left = ((total - done) * elapsedMs) / done;
  return `${head}, about ${duration(left)} left`;
}

/** A remaining time in the largest unit that reads well: `40 s`, `3 min`, `1 h 20 min`. */
export function duration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
}
