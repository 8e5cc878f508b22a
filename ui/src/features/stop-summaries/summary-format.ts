import { formatNumber } from '../../lib/indicator-format';

/** Minutes as the summary tables show them: the server's figure, rounded to the hundredth like the stops grid. */
export const minutesText = (minutes: number) => formatNumber(minutes, { decimals: 2 });
