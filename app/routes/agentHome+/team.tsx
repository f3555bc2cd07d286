import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import * as z from "zod/v4";
import { TeamFilters } from "~/components/agent/team-filters";
import { TeamTable } from "~/components/agent/team-table";
import { TeamTransferDialog } from "~/components/agent/team-transfer-dialog";
import { TeamUplineForm } from "~/components/agent/team-upline-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { TFunction } from "~/i18n";
import { findDownlineTransfer, listTeam, transferToDownline } from "~/platform/agency/team.server";
import { requireDirectDownline } from "~/platform/agency/tree.server";
import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { findMemberByAccount, findMemberById } from "~/platform/identity/members.server";
import { runningBreaks } from "~/platform/protection/breaks.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { mainBalance } from "~/platform/wallet/balance.server";
import { findMemberTransfer } from "~/platform/wallet/transfer-receipts.server";
import { transferToUpline } from "~/platform/wallet/transfers.server";
import { findUpline } from "~/platform/wallet/upline.server";
import { agentContext, orNotFound } from "~/utils/agency.server";
import { breakTime } from "~/utils/break-form.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { i18next } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { formatMoney } from "~/utils/money";
import { formatRate } from "~/utils/rates";
import {
  amountField,
  idempotencyKeyField,
  newFormKey,
  uplineTransferSchema,
  WITHDRAW_PASSWORD_ERRORS,
  walletErrorMessage,
} from "~/utils/wallet.server";
import { readTeamFilters, TEAM_PAGE_SIZE } from "./__team.server";

export const meta = titleMeta<typeof loader>();

const nameOf = (member: { account: string; nickname: string | null }) =>
  member.nickname ? `${member.nickname} (${member.account})` : member.account;

/** `?registered=<account>` is only confirmed for a direct downline of this agent: never a note about anyone else. */
async function registeredNote(db: Database, agentId: string, account: string | null, t: TFunction) {
  if (!account) return null;
  const member = await findMemberByAccount(db, account);
  if (!member || member.parent_id !== agentId) return null;
  return t("agentTeam.team.registered", { account: member.account });
}

/** /agentHome/team: the downline with balances and status, transfers down and up. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, agentId, brand, t } = await agentContext(request);
  const locale = await i18next.getLocale(request);
  const params = new URL(request.url).searchParams;
  const filters = readTeamFilters(request);
  const transferId = params.get("transfer");
  const doneId = params.get("done");
  const uplineDoneId = params.get("uplineDone");
  const [team, balance, upline, agent, target, done, uplineDone, registered] = await Promise.all([
    listTeam(db, agentId, { ...filters, pageSize: TEAM_PAGE_SIZE }, brand),
    mainBalance(db, { id: agentId }),
    findUpline(db, agentId, brand),
    findMemberById(db, agentId),
    // A dialog for someone outside the agent's first level is a 404, like a missing one.
    transferId === null ? null : orNotFound(requireDirectDownline(db, agentId, transferId)),
    doneId ? findDownlineTransfer(db, agentId, doneId) : null,
    uplineDoneId ? findMemberTransfer(db, agentId, uplineDoneId, "transfer_upline") : null,
    registeredNote(db, agentId, params.get("registered"), t),
  ]);
  const money = (minor: string) => formatMoney(BigInt(minor), brand.currency, locale);
  const breaks = await runningBreaks(
    db,
    team.rows.map((row) => row.id),
  );
  const protectionOf = (id: string) => {
    const running = breaks.get(id);
    return running
      ? { kind: running.kind, until: breakTime(running.endsAt, brand.timeZone) }
      : null;
  };
  return json({
    title: t("agentTeam.team.title"),
    brandName: brand.name,
    currency: brand.currency,
    timeZone: brand.timeZone,
    filters,
    team: { ...team, rows: team.rows.map((row) => ({ ...row, protection: protectionOf(row.id) })) },
    balance,
    ownRate: formatRate(agent?.agent_rate ?? 0),
    upline: upline ? nameOf(upline) : null,
    transfer: target && {
      id: target.id,
      name: nameOf(target),
      balance: await mainBalance(db, target),
      disabled: target.status !== "active",
    },
    notice:
      registered ??
      (done &&
        t("agentTeam.transfer.done", { amount: money(done.amount), account: done.account })) ??
      (uplineDone &&
        upline &&
        t("agentTeam.upline.done", { amount: money(uplineDone.amount), agent: nameOf(upline) })) ??
      null,
    transferKey: newFormKey(),
    uplineKey: newFormKey(),
  });
}

const transferSchema = (brand: BrandConfig, t: TFunction) =>
  z.object({ amount: amountField(brand, t), idempotencyKey: idempotencyKeyField });

/** Which field a failure belongs to; the rest (no upline, a disabled downline, a reused key) are about the form. */
const FIELD_OF_ERROR: Record<string, string> = {
  insufficient_balance: "amount",
  invalid_amount: "amount",
  ...WITHDRAW_PASSWORD_ERRORS,
};
/** Never sent back into a re-rendered form. */
const HIDDEN = ["withdrawPassword"];
const OWN_ERRORS = ["downline_disabled"];

/** The page's address with `changes` applied (null removes), so filters and paging survive a transfer. */
function pageUrl(request: Request, changes: Record<string, string | null>) {
  const url = new URL(request.url);
  for (const name of ["transfer", "done", "uplineDone", "registered", "index", "_data"])
    url.searchParams.delete(name);
  for (const [name, value] of Object.entries(changes))
    if (value !== null) url.searchParams.set(name, value);
  const search = url.searchParams.toString();
  return `/agentHome/team${search ? `?${search}` : ""}`;
}

/** The page's two forms: a transfer down to a member, or up to the agent's own upline. */
type TeamIntent = "transfer-downline" | "transfer-upline";
/** What a refused transfer answers: the form it came from and conform's result. A done one redirects. */
type TeamTransferReply = { intent: TeamIntent; result: SubmissionResult<string[]> };

export async function action({
  request,
}: ActionFunctionArgs): Promise<TypedResponse<TeamTransferReply>> {
  const formData = await readForm(request);
  const { db, agentId, brand, t } = await agentContext(request);
  const locale = await i18next.getLocale(request);
  const intent = formData.get("intent");
  if (intent !== "transfer-downline" && intent !== "transfer-upline")
    throw json({ error: "unknown_intent" }, { status: 400 });
  // Looked up inside the agent's first level before anything else: a foreign id is a 404, like a missing one.
  const downline =
    intent === "transfer-downline"
      ? await orNotFound(
          requireDirectDownline(db, agentId, String(formData.get("downlineId") ?? "")),
        )
      : null;
  const submission = parseSubmission(formData, {
    schema: downline ? transferSchema(brand, t) : uplineTransferSchema(brand, t),
  });
  if (submission.status !== "success") {
    // A missing or malformed key is a stale or altered page, not the agent's typing.
    const staleKey = Boolean(submission.error?.idempotencyKey);
    return formFailure(
      submission.reply({
        ...(staleKey ? { formErrors: [t("transfer.expired")] } : {}),
        hideFields: HIDDEN,
      }),
      { intent },
    );
  }
  const { amount, idempotencyKey: key } = submission.value;
  // Only the upline form has one (its schema requires it); the transfer down needs none.
  const withdrawPassword =
    "withdrawPassword" in submission.value ? String(submission.value.withdrawPassword) : "";
  try {
    if (downline) {
      const entry = await transferToDownline(db, { agentId, downlineId: downline.id, amount, key });
      return redirect(pageUrl(request, { done: entry.id }));
    }
    // The upline is read from the agent's own row by the platform, never taken from the form.
    const entry = await transferToUpline(
      db,
      { memberId: agentId, amount, key, withdrawPassword },
      brand,
    );
    return redirect(pageUrl(request, { uplineDone: entry.id }));
  } catch (error) {
    const code = error instanceof PlatformError ? error.code : "";
    const message = OWN_ERRORS.includes(code)
      ? t(`agentTeam.error.${code}`)
      : walletErrorMessage(error, t, brand, locale);
    const field = FIELD_OF_ERROR[code];
    return formFailure(
      submission.reply({
        ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
        hideFields: HIDDEN,
      }),
      { intent },
    );
  }
}

export default function TeamManagement() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const closeParams = new URLSearchParams(location.search);
  closeParams.delete("transfer");
  const closeHref = `${location.pathname}${closeParams.size ? `?${closeParams.toString()}` : ""}`;
  const resultFor = (intent: TeamIntent) =>
    actionData?.intent === intent ? actionData.result : undefined;
  return (
    <div className="records-page team-page">
      <h1>{data.title}</h1>
      {data.notice && !actionData ? (
        <p className="form-success" role="status" data-testid="team-notice">
          {data.notice}
        </p>
      ) : null}
      <section className="member-card" aria-label={t("agentTeam.team.mine")}>
        <dl className="transfer-facts">
          <dt>{t("agentTeam.team.myBalance")}</dt>
          <dd data-testid="team-my-balance">
            {formatMoney(BigInt(data.balance), data.currency, i18n.language)}
          </dd>
          <dt>{t("agentTeam.team.myRate")}</dt>
          <dd data-testid="team-my-rate">{data.ownRate}</dd>
        </dl>
        <p>
          <Link to="/agentHome/register" className="button">
            {t("agentTeam.register.title")}
          </Link>
        </p>
      </section>
      <TeamFilters filters={data.filters} />
      <TeamTable
        team={data.team}
        currency={data.currency}
        timeZone={data.timeZone}
        closeHref={closeHref}
      />
      {data.upline ? (
        <TeamUplineForm
          upline={data.upline}
          formKey={data.uplineKey}
          result={resultFor("transfer-upline")}
          key={`up${location.search}`}
        />
      ) : null}
      {data.transfer ? (
        <TeamTransferDialog
          key={`down${location.search}`}
          target={data.transfer}
          balance={data.balance}
          currency={data.currency}
          formKey={data.transferKey}
          result={resultFor("transfer-downline")}
          closeHref={closeHref}
        />
      ) : null}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
