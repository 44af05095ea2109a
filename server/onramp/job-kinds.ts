/** The on-ramp's jobs: the sandbox moving a paid purchase along, and polling a real provider. */
export const ONRAMP_SANDBOX_JOB = "onramp.sandbox.advance";
export const ONRAMP_POLL_JOB = "onramp.provider.poll";
