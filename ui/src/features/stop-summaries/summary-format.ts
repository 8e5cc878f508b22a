/** Minutes as the summary tables show them: the server's figure, rounded to the hundredth like the stops grid. */
export const minutesText = (minutes: number) => minutes.toFixed(2);

/** A share 0..1 as a percentage to the tenth ('12.5 %'). */
export const shareText = (share: number) => `${(share * 100).toFixed(1)} %`;
