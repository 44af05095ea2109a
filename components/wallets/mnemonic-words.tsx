/** A mnemonic as people copy it onto paper: numbered words, in order, in columns. */
export function MnemonicWords({ mnemonic }: { mnemonic: string }) {
  const words = mnemonic.split(" ");
  return (
    <ol className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-muted p-4 font-mono text-sm sm:grid-cols-3">
      {words.map((word, i) => (
        // Words repeat in a mnemonic: the position is the identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={i} className="flex gap-2">
          <span className="w-6 text-right text-muted-foreground">{i + 1}.</span>
          <span data-testid="mnemonic-word">{word}</span>
        </li>
      ))}
    </ol>
  );
}
