/** SPEC.md section 9: OEE green at or above the line's target (targetOEE / 100), else red; throughput blue; utilization green. */
export const OEE_GOOD = '#31aca6';
export const OEE_BAD = '#ec5453';
export const THROUGHPUT_COLOR = '#3182ce';
export const UTILIZATION_COLOR = '#38a169';
export const ACCEPTANCE_COLOR = '#805ad5';

/** The OEE gauge's colour: green when the value reaches the target percentage (no target: any value does). */
export function oeeColor(oee: number | null | undefined, targetOEE: number | null | undefined): string {
  if (oee === null || oee === undefined) return OEE_BAD;
  return oee >= (targetOEE ?? 0) / 100 ? OEE_GOOD : OEE_BAD;
}
