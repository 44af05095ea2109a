/**
 * Cache-Control of machine-read answers (the API, /healthz, /metrics): never stored, and never
 * compressed, since Next's compression skips any answer marked no-transform. API answers carry
 * secrets (bundles, sessions) beside what a caller chose (names, payloads), the mix a compression
 * oracle (BREACH) reads through TLS; and they are small JSON, where gzip costs both ends more CPU
 * than it saves.
 */
export const NO_STORE_NO_TRANSFORM = "no-store, no-transform";
