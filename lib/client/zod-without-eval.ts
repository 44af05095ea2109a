import { z } from "zod";

/*
 * zod 4 compiles object parsers with `new Function` when it may, and finds out whether it may by
 * trying once. Under the dashboard's Content-Security-Policy (no eval) that probe is refused and
 * reported as a violation. Parse without compiling in the browser: the schemas here are small.
 */
z.config({ jitless: true });
