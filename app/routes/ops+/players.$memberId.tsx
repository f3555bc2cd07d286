import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AdjustmentForm } from "~/components/ops/adjustments/adjustment-form";
import { AdjustmentList } from "~/components/ops/adjustments/adjustment-list";
import { AccountActions } from "~/components/ops/players/account-actions";
import { AgencyPanel } from "~/components/ops/players/agency-panel";
import { BetsPanel } from "~/components/ops/players/bets-panel";
import { BonusesPanel } from "~/components/ops/players/bonuses-panel";
import { LedgerPanel } from "~/components/ops/players/ledger-panel";
import { LinkedPanel } from "~/components/ops/players/linked-panel";
import { MessagesPanel } from "~/components/ops/players/messages-panel";
import { doneLabel, NotesPanel } from "~/components/ops/players/notes-panel";
import { PaymentsPanel } from "~/components/ops/players/payments-panel";
import { PlayerTabs } from "~/components/ops/players/player-tabs";
import { ProfilePanel } from "~/components/ops/players/profile-panel";
import { ProtectionPanel } from "~/components/ops/players/protection-panel";
import { SignInsPanel } from "~/components/ops/players/sign-ins-panel";
import { TagBadges } from "~/components/ops/players/tag-badges";
import { TagsPanel } from "~/components/ops/players/tags-panel";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsPlayerAction } from "./__player-actions.server";
import { opsPlayerLoader } from "./__players.server";

export const meta = titleMeta<typeof loader>();

/** /ops/players/:memberId?tab=: the player page, one tab at a time (see ./__players.server.ts). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return opsPlayerLoader(request, params.memberId ?? "");
}

/** The account actions (see ./__player-actions.server.ts): each comes back to the page. */
export async function action({ request, params }: ActionFunctionArgs) {
  return opsPlayerAction(request, params.memberId ?? "");
}

export default function OpsPlayer() {
  const { player, panel, currency, providers, timeZone, title, done, tags, brandTags } =
    useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-player-title">
      <p>
        <Link to="/ops/players">{t("opsPlayers.back")}</Link>
      </p>
      <h1 id="ops-player-title" data-testid="ops-player-account">
        {title}
      </h1>
      <TagBadges tags={tags} brandTags={brandTags} />
      <div aria-live="polite">
        {done && !failed ? (
          <p className="form-success" role="status" data-testid="ops-player-done">
            {t(doneLabel(done.what), { count: done.count })}
          </p>
        ) : null}
      </div>
      <PlayerTabs memberId={player.id} current={panel.tab} />
      {panel.tab === "profile" ? (
        <>
          <ProfilePanel
            player={player}
            accounts={panel.accounts}
            currency={currency}
            timeZone={timeZone}
          />
          <AccountActions status={player.status} failed={failed} />
        </>
      ) : panel.tab === "ledger" ? (
        <LedgerPanel
          range={panel.range}
          ledger={panel.ledger}
          currency={currency}
          timeZone={timeZone}
        />
      ) : panel.tab === "adjustments" ? (
        <>
          <AdjustmentForm
            form={panel.form}
            currency={currency}
            failed={failed?.intent === "adjust" ? failed.result : null}
          />
          <h2>{t("opsAdjustments.listTitle")}</h2>
          <AdjustmentList
            rows={panel.adjustments}
            currency={currency}
            timeZone={timeZone}
            returnTo={`/ops/players/${player.id}?tab=adjustments`}
          />
        </>
      ) : panel.tab === "notes" ? (
        <>
          <TagsPanel tags={tags} brandTags={brandTags} failed={failed} timeZone={timeZone} />
          <NotesPanel
            notes={panel.notes}
            page={panel.page}
            pageCount={panel.pageCount}
            failed={failed}
            timeZone={timeZone}
          />
        </>
      ) : panel.tab === "bets" ? (
        <BetsPanel {...panel} currency={currency} timeZone={timeZone} />
      ) : panel.tab === "bonuses" ? (
        <BonusesPanel
          bonuses={panel.bonuses}
          shown={panel.shown}
          currency={currency}
          timeZone={timeZone}
        />
      ) : panel.tab === "protection" ? (
        <ProtectionPanel protection={panel.protection} currency={currency} timeZone={timeZone} />
      ) : panel.tab === "messages" ? (
        <MessagesPanel
          messages={panel}
          shown={panel.shown}
          currency={currency}
          timeZone={timeZone}
        />
      ) : panel.tab === "agency" ? (
        <AgencyPanel upline={panel.upline} downline={panel.downline} timeZone={timeZone} />
      ) : panel.tab === "linked" ? (
        <LinkedPanel linked={panel.linked} shown={panel.shown} />
      ) : panel.tab === "payments" ? (
        <PaymentsPanel
          payments={panel.payments}
          shown={panel.shown}
          providers={providers}
          currency={currency}
          timeZone={timeZone}
        />
      ) : (
        <SignInsPanel
          signIns={panel.signIns}
          page={panel.page}
          pageCount={panel.pageCount}
          timeZone={timeZone}
        />
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
