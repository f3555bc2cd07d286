import { getConfig, type Config } from "~/config.server";
import { PlatformError } from "~/platform/errors";
import type { WalletPolicy } from "../policy";
import { httpPaymentGateway } from "./http-gateway.server";
import type { PaymentGateway } from "./ports";

export type DepositChannel = WalletPolicy["depositChannels"][number];

/** The HTTP payment gateway and its shared key, when PAYMENT_GATEWAY_URL is configured. */
export function gatewaySettings(config: Config = getConfig()): { url: string; key: string } | null {
  return config.PAYMENT_GATEWAY_URL && config.PAYMENT_GATEWAY_KEY
    ? { url: config.PAYMENT_GATEWAY_URL, key: config.PAYMENT_GATEWAY_KEY }
    : null;
}

export function paymentGateway(config: Config = getConfig()): PaymentGateway | null {
  const settings = gatewaySettings(config);
  return settings ? httpPaymentGateway(settings) : null;
}

/**
 * The channels a member may deposit on: the embedded one always, a gateway
 * channel only when a gateway is configured (otherwise nobody could pay it).
 */
export function offeredChannels(
  policy: WalletPolicy,
  gatewayConfigured = gatewaySettings() !== null,
): DepositChannel[] {
  return policy.depositChannels.filter(
    (channel) => channel.kind === "embedded" || gatewayConfigured,
  );
}

/** A channel the member may use now, or `unknown_channel`. */
export function offeredChannel(
  policy: WalletPolicy,
  code: string,
  gatewayConfigured?: boolean,
): DepositChannel {
  const channel = offeredChannels(policy, gatewayConfigured).find(
    (candidate) => candidate.code === code,
  );
  if (!channel) throw new PlatformError("unknown_channel");
  return channel;
}
