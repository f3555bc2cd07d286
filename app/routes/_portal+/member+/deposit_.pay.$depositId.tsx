import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { depositNoteHref } from "~/components/member/deposit/links";
import { PayStep } from "~/components/member/deposit/pay-step";
import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import {
  cancelDeposit,
  confirmDeposit,
  findMemberDeposit,
} from "~/platform/wallet/deposits.server";
import type { WalletPolicy } from "~/platform/wallet/policy";
import { requireRealMember } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta<typeof loader>();

/**
 * The member's own deposit on an embedded channel, or a 404. A gateway
 * channel's deposit is never confirmable here: only its signed callback
 * credits it, after the member really paid at the gateway.
 */
async function embeddedDeposit(
  db: Database,
  policy: WalletPolicy,
  memberId: string,
  depositId: string | undefined,
) {
  const deposit = depositId ? await findMemberDeposit(db, memberId, depositId) : undefined;
  const channel =
    deposit && policy.depositChannels.find((candidate) => candidate.code === deposit.channel);
  if (!deposit || channel?.kind !== "embedded") throw json({ error: "not_found" }, { status: 404 });
  return deposit;
}

/**
 * /member/deposit/pay/<id>: the embedded channel's pay step (it stands in for
 * a gateway's page); a settled deposit goes to its note. `deposit_` keeps it
 * a page of its own rather than a child rendered inside the deposit page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  const deposit = await embeddedDeposit(db, brand.wallet, viewer.member.id, params.depositId);
  if (deposit.status !== "pending") throw redirect(depositNoteHref(deposit.id, deposit.status));
  return json({
    title: t("deposit.pay.title"),
    brandName: brand.name,
    deposit: { id: deposit.id, channel: deposit.channel, amount: deposit.amount },
    currency: brand.currency,
  });
}

/**
 * Confirm credits MAIN once however often it is posted (the platform keys the
 * credit by the deposit); cancel closes a pending deposit. Either way the
 * member lands on the note of the deposit's real status.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const brand = await getBrandConfig(db);
  const deposit = await embeddedDeposit(db, brand.wallet, viewer.member.id, params.depositId);
  const intent = formData.get("intent");
  if (intent === "confirm") {
    try {
      await confirmDeposit(db, deposit.id);
    } catch (error) {
      // Cancelled meanwhile (another tab): the note below says so.
      if (!(error instanceof PlatformError && error.code === "deposit_closed")) throw error;
    }
  } else if (intent === "cancel") {
    await cancelDeposit(db, viewer.member.id, deposit.id);
  } else {
    throw json({ error: "unknown_intent" }, { status: 400 });
  }
  const settled = await embeddedDeposit(db, brand.wallet, viewer.member.id, deposit.id);
  return redirect(depositNoteHref(settled.id, settled.status));
}

export default function DepositPayStep() {
  const { deposit, currency } = useLoaderData<typeof loader>();
  return <PayStep deposit={deposit} currency={currency} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
