/**
 * Whether the `secp256k1` package ships a native binary for this platform (Linux x64 with glibc):
 * there the signer must use it, and elsewhere it may fall back to the WebAssembly build.
 */
export function secp256k1AddonShipsHere(): boolean {
  const glibc = Boolean(
    (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime,
  );
  return process.platform === "linux" && process.arch === "x64" && glibc;
}
