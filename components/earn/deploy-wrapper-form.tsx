"use client";

import type { TEarnVault } from "@/lib/api/earn";
import { useZodForm } from "@/lib/client/use-zod-form";
import { earnRequestId, useDeployWrapper, ZDeployWrapperForm } from "@/lib/queries/earn";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { RequestProgress } from "./request-progress";

/**
 * Deploy a fee wrapper over one catalog vault (earn_deploy_wrapper, stamped by the passkey). The
 * client fee is checked against the 4000 bps cap here, before the passkey is asked for anything.
 */
export function DeployWrapperForm({ vault }: { vault: TEarnVault }) {
  const deploy = useDeployWrapper();
  const form = useZodForm(ZDeployWrapperForm, { clientFeeBps: "", clientFeeWallet: "" });
  const chainCaip2 = vault.caip19.split("/")[0]!;
  const deployId = earnRequestId(deploy.data, "earnDeployWrapperResult", "deployRequestId");
  const id = (name: string) => `${name}-${vault.vaultAddress}`;
  return (
    <form
      className="grid gap-3"
      aria-label={`Deploy a wrapper over ${vault.name}`}
      noValidate
      onSubmit={form.handleSubmit((params) =>
        deploy.mutate({ ...params, vaultAddress: vault.vaultAddress, chainCaip2 }),
      )}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          form={form}
          name="clientFeeBps"
          id={id("clientFeeBps")}
          label="Client fee (bps)"
          inputMode="numeric"
          hint="Your share of the yield, in basis points: at most 4000 (40%). Fixed once deployed."
        />
        <Field
          form={form}
          name="clientFeeWallet"
          id={id("clientFeeWallet")}
          label="Fee wallet"
          placeholder="0x…"
          autoComplete="off"
          hint="An Ethereum wallet account of this organization; claimed fees are paid there."
        />
      </div>
      <div>
        <Button type="submit" disabled={deploy.isPending}>
          {deploy.isPending ? "Deploying…" : "Deploy wrapper"}
        </Button>
      </div>
      <RequestProgress path="get_earn_deploy_status" requestId={deployId} what="Deployment" />
      <ActivityOutcome activity={deploy.data} error={deploy.error} />
    </form>
  );
}
