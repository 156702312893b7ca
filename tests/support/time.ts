/** Time for the suites' arithmetic on dates: a day in milliseconds. */
export const DAY_MS = 86_400_000;
