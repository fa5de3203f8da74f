// Progress of a job that works through a counted list (regions, files).

export interface CountProgress {
  /** Items finished, whatever their outcome. */
  finished: number;
  total: number;
  /** 0–100, rounded down: 100 only once every item is finished. */
  percent: number;
  /** Still listing its items: nothing to count yet. */
  indeterminate: boolean;
}

/**
 * `finished` of `total`. A job with nothing to do is full once over and indeterminate while it
 * runs (it is still listing); counters that overtake the total never go past 100%.
 */
export function countProgress(finished: number, total: number, running: boolean): CountProgress {
  if (total <= 0) {
    return { finished, total, percent: running ? 0 : 100, indeterminate: running };
  }
  const percent = Math.min(100, Math.floor((finished * 100) / total));
  return { finished, total, percent, indeterminate: false };
}
