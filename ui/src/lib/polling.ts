/**
 * Query options of data that is polled while a screen is open (dashboard, sector overview). A hidden tab polls
 * nothing: the interval pauses while TanStack Query's focus manager says the document is hidden
 * (refetchIntervalInBackground false), and the data is fetched once when the tab is shown again.
 */
export function livePolling(intervalMs: number) {
  return {
    refetchInterval: intervalMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    // Fresh for slightly less than one interval, so a tab shown again refetches at most once.
    staleTime: Math.max(0, intervalMs - 1_000),
  } as const;
}
