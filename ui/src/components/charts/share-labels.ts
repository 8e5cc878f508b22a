/** SPEC.md section 9: a chart labels a share only when it is above 30 percent of the total. */
export const SHARE_LABEL_THRESHOLD = 0.3;

/** The label of each value's share of the total ('45%'), or null where the share is 30 % or less. */
export function shareLabels(values: readonly (number | null)[]): (string | null)[] {
  const total = values.reduce<number>((sum, value) => sum + (value !== null && value > 0 ? value : 0), 0);
  return values.map((value) => {
    if (total <= 0 || value === null || value <= 0) return null;
    const share = value / total;
    return share > SHARE_LABEL_THRESHOLD ? `${Math.round(share * 100)}%` : null;
  });
}
