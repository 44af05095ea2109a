/**
 * Which libsecp256k1 build signs (native or WebAssembly), for the startup log: the signer's public
 * surface, so that code outside the signer boundary never imports its signing modules.
 */
export { secp256k1Build } from "./signing/secp256k1-sign";
