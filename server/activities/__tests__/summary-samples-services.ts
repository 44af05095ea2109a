import type { SampleScene } from "./summary-samples";
import { RECIPIENT } from "./summary-samples";

/**
 * Sample intents for the service activities (on-ramp, swaps, Earn, login and features), beside
 * summary-samples.ts's core ones: one valid intent per path, and what its summary must say.
 */
export function serviceSampleIntents(s: SampleScene): Record<string, { intent: unknown; says: string }> {
  return {
    create_fiat_on_ramp_credential: {
      intent: {
        onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
        publishableApiKey: "pk_test_1",
        encryptedSecretApiKey: "ab".repeat(40),
        sandboxMode: true,
      },
      says: "Add MoonPay on-ramp credentials (sandbox)",
    },
    update_fiat_on_ramp_credential: {
      intent: {
        fiatOnrampCredentialId: "cred-1",
        onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
        publishableApiKey: "pk_test_2",
        encryptedSecretApiKey: "ab".repeat(40),
      },
      says: "Update on-ramp credentials cred-1",
    },
    delete_fiat_on_ramp_credential: {
      intent: { fiatOnrampCredentialId: "cred-1" },
      says: "Delete on-ramp credentials cred-1",
    },
    set_fiat_on_ramp_webhook_secret: {
      intent: { fiatOnrampCredentialId: "cred-1", encryptedWebhookSecret: "ab".repeat(40) },
      says: "Set the webhook secret of on-ramp credentials cred-1",
    },
    init_fiat_on_ramp: {
      intent: {
        onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
        walletAddress: s.accountAddress,
        network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM",
        cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH",
        fiatCurrencyCode: "FIAT_ON_RAMP_CURRENCY_USD",
        fiatCurrencyAmount: "100",
      },
      says: "Buy ETH for 100 USD to",
    },
    create_swap_quote: {
      intent: {
        signWith: s.accountAddress,
        inputToken: "eip155:1/erc20:0x9feA6ba6Ac4cf5F794B84858f709063093b35d49",
        outputToken: "eip155:1/slip44:60",
        inputAmount: "1000000",
      },
      says: "Quote a swap of 1000000",
    },
    execute_swap: {
      intent: {
        quoteId: "quote-1",
        inputToken: "eip155:1/erc20:0x9feA6ba6Ac4cf5F794B84858f709063093b35d49",
        inputAmount: "1000000",
        outputToken: "eip155:1/slip44:60",
        quotedOutputAmount: "300000000000000",
        minOutputAmount: "290000000000000",
        sponsor: false,
      },
      says: "Swap 1000000",
    },
    upsert_swap_config: {
      intent: { feeReceiverWalletAddress: s.accountAddress, feeBps: "25" },
      says: "Set the swap fee to 25 bps",
    },
    claim_swap_fees: { intent: {}, says: "Claim the accrued swap fees" },
    create_api_only_users: {
      intent: { apiOnlyUsers: [{ userName: "ci-bot", userTags: [], apiKeys: [] }] },
      says: "Create 1 API-only user: ci-bot",
    },
    resend_outbox_message: {
      intent: { messageId: "msg-1" },
      says: "Resend outbox message msg-1",
    },
    create_invitations: {
      intent: {
        invitations: [
          {
            receiverUserName: "erin",
            receiverUserEmail: "erin@example.com",
            receiverUserTags: [],
            accessType: "ACCESS_TYPE_WEB",
            senderUserId: s.bob,
          },
        ],
      },
      says: "Invite erin <erin@example.com>",
    },
    delete_invitation: { intent: { invitationId: "inv-1" }, says: "Withdraw invitation inv-1" },
    create_session_profile: {
      intent: { sessionProfileName: "signer", scope: "activity.action == 'SIGN'" },
      says: "Create session profile signer: activity.action == 'SIGN'",
    },
    create_mfa_policy: {
      intent: {
        userId: s.bob,
        mfaPolicyName: "signing",
        condition: "activity.action == 'SIGN'",
        requiredAuthenticationMethods: [{ any: [{ type: "AUTHENTICATION_TYPE_PASSKEY" }] }],
        order: 0,
      },
      says: "Create MFA policy signing for bob: 1 further step(s) when activity.action == 'SIGN'",
    },
    update_mfa_policy: {
      intent: { userId: s.bob, mfaPolicyId: "mfa-12345678", mfaPolicyName: "signing" },
      says: "Update MFA policy signing of bob",
    },
    delete_mfa_policy: {
      intent: { userId: s.bob, mfaPolicyId: "mfa-12345678" },
      says: "Delete MFA policy mfa-1234 of bob",
    },
    set_ip_allowlist: {
      intent: { rules: [{ cidr: "10.0.0.0/8", label: "office" }, { cidr: "2001:db8::/32" }] },
      says: "Set the IP allowlist of the organization to 10.0.0.0/8, 2001:db8::/32",
    },
    remove_ip_allowlist: { intent: {}, says: "Remove the IP allowlist of the organization" },
    email_auth: {
      intent: {
        email: "bob@example.com",
        targetPublicKey: s.targetKey,
        emailCustomization: { appName: "Acme" },
      },
      says: "E-mail a new sign-in key to bob@example.com",
    },
    init_otp_auth: {
      intent: { otpType: "OTP_TYPE_EMAIL", contact: "bob@example.com", appName: "Acme" },
      says: "Send a one-time code by e-mail to bob@example.com for a new sign-in key",
    },
    otp_auth: {
      intent: { otpId: "otp-9", otpCode: "123456", targetPublicKey: s.targetKey },
      says: "Exchange the one-time code of flow otp-9",
    },
    init_user_email_recovery: {
      intent: {
        email: "bob@example.com",
        targetPublicKey: s.targetKey,
        emailCustomization: { appName: "Acme" },
      },
      says: "E-mail a recovery key to bob@example.com",
    },
    recover_user: {
      intent: {
        userId: s.bob,
        authenticator: {
          authenticatorName: "phone",
          challenge: "c",
          attestation: { credentialId: "id", clientDataJson: "j", attestationObject: "o", transports: [] },
        },
      },
      says: "Recover bob with a new passkey: phone",
    },
    init_otp: {
      intent: { otpType: "OTP_TYPE_EMAIL", contact: "bob@example.com", appName: "Acme" },
      says: "Send a one-time code by e-mail to bob@example.com",
    },
    verify_otp: {
      intent: { otpId: "otp-123", encryptedOtpBundle: "{}" },
      says: "Check the one-time code of flow otp-123",
    },
    otp_login: {
      intent: {
        verificationToken: "eyJ.token",
        publicKey: s.publicKey,
        clientSignature: {
          publicKey: s.publicKey,
          scheme: "CLIENT_SIGNATURE_SCHEME_API_P256",
          message: "m",
          signature: "s",
        },
      },
      says: "Log in with a verified e-mail",
    },
    create_oauth_providers: {
      intent: { userId: s.bob, oauthProviders: [{ providerName: "Google", oidcToken: "eyJ.token" }] },
      says: "Link 1 OIDC identity to bob: Google",
    },
    delete_oauth_providers: {
      intent: { userId: s.bob, providerIds: ["p-1", "p-2"] },
      says: "Unlink 2 OIDC identities from bob",
    },
    oauth_login: {
      intent: { oidcToken: "eyJ.token", publicKey: s.publicKey },
      says: "Log in with an OIDC identity",
    },
    oauth: {
      intent: { oidcToken: "eyJ.token", targetPublicKey: s.targetKey },
      says: "Exchange an OIDC identity (social login) for a new sign-in key",
    },
    create_oauth2_credential: {
      intent: {
        provider: "OAUTH2_PROVIDER_DISCORD",
        clientId: "app-1",
        encryptedClientSecret: "ab".repeat(40),
      },
      says: "Add Discord OAuth 2.0 client app-1",
    },
    update_oauth2_credential: {
      intent: {
        oauth2CredentialId: "cred-2",
        provider: "OAUTH2_PROVIDER_X",
        clientId: "app-2",
        encryptedClientSecret: "ab".repeat(40),
      },
      says: "Update OAuth 2.0 credential cred-2 (X client app-2)",
    },
    delete_oauth2_credential: {
      intent: { oauth2CredentialId: "cred-2" },
      says: "Delete OAuth 2.0 credential cred-2",
    },
    oauth2_authenticate: {
      intent: {
        oauth2CredentialId: "cred-2",
        authCode: "code",
        redirectUri: "https://app.example/callback",
        codeVerifier: "v".repeat(43),
        nonce: "n",
      },
      says: "Exchange an OAuth 2.0 authorization code with credential cred-2",
    },
    set_organization_feature: {
      intent: { name: "FEATURE_NAME_EARN_CONFIG", value: "" },
      says: "Turn on FEATURE_NAME_EARN_CONFIG",
    },
    earn_deploy_wrapper: {
      intent: {
        vaultAddress: RECIPIENT,
        chainCaip2: "eip155:1",
        clientFeeBps: "2000",
        clientFeeWallet: RECIPIENT,
      },
      says: `Deploy an Earn wrapper over ${RECIPIENT} on eip155:1, client fee 2000 bps to ${RECIPIENT}`,
    },
    earn_set_wrapper_state: {
      intent: { wrapperAddress: RECIPIENT, depositsDisabled: true },
      says: `Pause deposits to Earn wrapper ${RECIPIENT}`,
    },
    claim_earn_fees: {
      intent: { wrapperAddress: RECIPIENT },
      says: `Claim the fees of Earn wrapper ${RECIPIENT}`,
    },
    earn_deposit: {
      intent: {
        wrapperAddress: RECIPIENT,
        signWith: s.accountAddress,
        assets: "1000000",
        chainCaip2: "eip155:1",
        sponsor: true,
      },
      says: `Deposit 1000000 base units into Earn wrapper ${RECIPIENT} from Ops/`,
    },
    earn_withdraw: {
      intent: {
        wrapperAddress: RECIPIENT,
        signWith: s.accountAddress,
        chainCaip2: "eip155:1",
        amountValue: "MAX",
      },
      says: `Withdraw the whole position from Earn wrapper ${RECIPIENT} to Ops/`,
    },
    remove_organization_feature: {
      intent: { name: "FEATURE_NAME_SMS_AUTH" },
      says: "Turn off FEATURE_NAME_SMS_AUTH",
    },
    init_import_secrets: {
      intent: { encryptionSuite: "TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1", numSecrets: 2 },
      says: "Start importing 2 secrets",
    },
    import_secrets: {
      intent: {
        secrets: [
          {
            name: "exchange-api-key",
            secretPayload: "{}",
            targetPublicKey: `04${"ab".repeat(64)}`,
            encryptionSuite: "TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1",
          },
        ],
      },
      says: "Import 1 secret: exchange-api-key",
    },
    export_secrets: {
      intent: {
        secrets: [
          {
            secretId: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
            targetPublicKey: `04${"ab".repeat(64)}`,
            encryptionSuite: "TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1",
          },
        ],
      },
      says: "Export secret",
    },
    create_webhook_endpoint: {
      intent: {
        url: "https://hooks.example.com/latchkey",
        name: "Ops",
        subscriptions: [{ eventType: "ACTIVITY_UPDATES" }],
      },
      says: "Add webhook endpoint Ops (https://hooks.example.com/latchkey) for ACTIVITY_UPDATES",
    },
    update_webhook_endpoint: {
      intent: { endpointId: "wh-1", isActive: false },
      says: "Update webhook endpoint wh-1: deactivate",
    },
    delete_webhook_endpoint: { intent: { endpointId: "wh-1" }, says: "Delete webhook endpoint wh-1" },
    redeliver_webhook: { intent: { deliveryId: "dl-1" }, says: "Redeliver webhook delivery dl-1" },
  };
}
