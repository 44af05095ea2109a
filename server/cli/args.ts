/** `--name value` and `--flag` pairs into a map; positional words into a list. */
export function parseArgs(argv: string[]): { words: string[]; flags: Map<string, string | true> } {
  const words: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) {
      words.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
    if (inline !== undefined) flags.set(name, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith("--")) flags.set(name, argv[++i]!);
    else flags.set(name, true);
  }
  return { words, flags };
}

export class UsageError extends Error {}

export function requiredFlag(flags: Map<string, string | true>, name: string): string {
  const value = flags.get(name);
  if (typeof value !== "string" || value.length === 0) throw new UsageError(`--${name} <value> is required`);
  return value;
}
