/** FIAT_ON_RAMP_PROVIDER_MOONPAY → MOONPAY, FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC → USDC, and so on. */
export const shortCode = (code: string) =>
  code.replace(/^FIAT_ON_RAMP_(PROVIDER|CRYPTO_CURRENCY|CURRENCY|BLOCKCHAIN_NETWORK)_/, "");

export function when(timestamp: { seconds: string }) {
  return new Date(Number(timestamp.seconds) * 1000).toLocaleString();
}
