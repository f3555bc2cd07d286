import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DemoGameNotFound } from "~/components/demo-games/not-found";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { verifyMemberRound } from "~/platform/play/demo/verify.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { useTranslation } from "~/utils/i18n";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { notFound } from "~/utils/misc";
import { formatMoney } from "~/utils/money";
import { sessionOf } from "./__demo-games.server";

/**
 * The verify view of one round of the game session's member: once the seed
 * pair is revealed, the round is played again from the server seed, client
 * seed and nonce, and the page says whether that gives the stored outcome
 * and whether the seed hashes to what was shown before play.
 */

export const meta = titleMeta<typeof loader>();

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, session } = await sessionOf(request, params.token);
  const checked = await verifyMemberRound(db, session.memberId, params.roundId ?? "");
  if (!checked) throw notFound();
  const [brand, locale, t] = await Promise.all([
    getBrandConfig(db),
    i18next.getLocale(request),
    translatorFor(request),
  ]);
  const { round, seed, recomputed } = checked;
  return json({
    title: t("demoGame.verify.title", { id: round.id }),
    brandName: brand.name,
    backHref: `/demo-games/${encodeURIComponent(params.token!)}`,
    round: {
      id: round.id,
      engine: round.engine,
      mode: round.mode,
      nonce: round.nonce,
      stake: round.stake.toString(),
      payout: round.payout.toString(),
      summary: round.outcome.summary,
      createdAt: round.createdAt.toISOString(),
    },
    seed: {
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      serverSeed: seed.serverSeed,
    },
    recomputed: recomputed ? { summary: recomputed.summary, payout: recomputed.payout } : null,
    hashMatches: checked.hashMatches,
    outcomeMatches: checked.outcomeMatches,
    currency: {
      symbol: round.mode === "demo" ? t("demoGame.playMoneySymbol") : brand.currency.symbol,
      minorUnits: brand.currency.minorUnits,
    },
    locale,
    timeZone: brand.timeZone,
  });
}

export default function VerifyRound() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const money = (minor: string) => formatMoney(minor, data.currency, data.locale);
  const verdict =
    data.outcomeMatches === null
      ? null
      : data.outcomeMatches && data.hashMatches
        ? t("demoGame.verify.matches")
        : t("demoGame.verify.mismatch");
  return (
    <main className="demo-game" data-testid="demo-verify">
      <header className="demo-game-bar">
        <h1>{data.title}</h1>
        <Link to={data.backHref} className="button small">
          {t("demoGame.verify.back")}
        </Link>
      </header>
      <section className="member-card" aria-labelledby="verify-round-title">
        <h2 id="verify-round-title">{t("demoGame.verify.round")}</h2>
        <dl className="demo-facts">
          <dt>{t("demoGame.recall.time")}</dt>
          <dd>{formatTimestamp(data.round.createdAt, data.timeZone)}</dd>
          <dt>{t("demoGame.verify.engine")}</dt>
          <dd className="demo-code">{data.round.engine}</dd>
          <dt>{t("demoGame.stake")}</dt>
          <dd>{money(data.round.stake)}</dd>
          <dt>{t("demoGame.recall.payout")}</dt>
          <dd>{money(data.round.payout)}</dd>
          <dt>{t("demoGame.verify.stored")}</dt>
          <dd className="demo-code">{data.round.summary}</dd>
          <dt>{t("demoGame.fairness.serverSeedHash")}</dt>
          <dd className="demo-code">{data.seed.serverSeedHash}</dd>
          <dt>{t("demoGame.fairness.serverSeed")}</dt>
          <dd className="demo-code">{data.seed.serverSeed ?? t("demoGame.verify.secret")}</dd>
          <dt>{t("demoGame.fairness.clientSeed")}</dt>
          <dd className="demo-code">{data.seed.clientSeed}</dd>
          <dt>{t("demoGame.verify.nonce")}</dt>
          <dd>{data.round.nonce}</dd>
          {data.recomputed ? (
            <>
              <dt>{t("demoGame.verify.recomputed")}</dt>
              <dd className="demo-code" data-testid="verify-recomputed">
                {data.recomputed.summary} · {money(data.recomputed.payout)}
              </dd>
            </>
          ) : null}
        </dl>
        <p className="muted">{t("demoGame.verify.method")}</p>
        <div role="status" data-testid="verify-verdict">
          {verdict === null ? (
            <p>{t("demoGame.verify.pending")}</p>
          ) : (
            <>
              <p>
                <strong>{verdict}</strong>
              </p>
              <p>{data.hashMatches ? t("demoGame.verify.hashOk") : t("demoGame.verify.hashBad")}</p>
            </>
          )}
        </div>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <DemoGameNotFound /> }} />;
}
