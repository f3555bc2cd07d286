/**
 * The payment channel port (ADR 20). A deposit on a "gateway" channel is
 * paid on the gateway's own page: the portal opens an order there, sends the
 * member to `payUrl`, and learns the outcome from a signed server-to-server
 * callback (signature.server.ts). The "embedded" channel needs no port: the
 * portal's own pay step stands in for the gateway page.
 */
export interface GatewayOrderRequest {
  /** The portal's deposit id; the gateway echoes nothing of it back but uses it to drop duplicate orders. */
  depositId: string;
  /** Minor units, as a decimal string (no floats on the wire). */
  amount: string;
  /** ISO 4217 code of the brand's currency. */
  currency: string;
  /** Where the gateway posts its signed callback. */
  notifyUrl: string;
  /** Where the gateway sends the member back after paying. */
  returnUrl: string;
}

export interface GatewayOrder {
  /** The gateway's reference for the order; its callbacks name it. */
  gatewayRef: string;
  /** The gateway's page where the member pays. */
  payUrl: string;
}

export interface PaymentGateway {
  readonly kind: string;
  /** Opens an order; `PlatformError("gateway_unavailable")` when the gateway does not answer usably. */
  createOrder(request: GatewayOrderRequest): Promise<GatewayOrder>;
}

/** The body of the gateway's callback, after its signature and age were checked. */
export interface GatewayCallback {
  gatewayRef: string;
  status: "success" | "failed";
  /** Minor units the gateway says were paid, as a decimal string. */
  amount: string;
  /** Unix seconds when the gateway signed it. */
  timestamp: number;
}
