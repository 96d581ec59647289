// Seconds of capture on the Try it page: the SDK's default, long enough for HRV and breathing.
export const TRY_IT_SECONDS = 20;
// What the result card draws besides the vitals: the service's pulse and breathing waveforms.
export const TRY_IT_INCLUDE = ["waveform"] as const;
