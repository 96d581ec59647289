// Seconds of capture on the Try it page: the SDK's default, long enough for HRV and breathing.
export const TRY_IT_SECONDS = 20;
