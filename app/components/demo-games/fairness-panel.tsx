import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";

export interface FairnessView {
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
  /** Set right after a rotation: the pair just revealed. */
  rotated: boolean;
  revealed: {
    id: string;
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    rounds: number;
  }[];
}

/**
 * Provably fair: the active pair's server seed hash (shown before any round
 * uses it), the client seed and next nonce, a form to choose a new client
 * seed — which rotates the pair and reveals the old server seed — and the
 * pairs revealed so far.
 */
export function FairnessPanel({
  action,
  fairness,
  error,
}: {
  action: string;
  fairness: FairnessView;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="member-card demo-fairness"
      aria-labelledby="demo-fairness-title"
      id="fairness"
    >
      <h2 id="demo-fairness-title">{t("demoGame.fairness.title")}</h2>
      <dl className="demo-facts">
        <dt>{t("demoGame.fairness.serverSeedHash")}</dt>
        <dd className="demo-code" data-testid="server-seed-hash">
          {fairness.serverSeedHash}
        </dd>
        <dt>{t("demoGame.fairness.clientSeed")}</dt>
        <dd className="demo-code" data-testid="client-seed">
          {fairness.clientSeed}
        </dd>
        <dt>{t("demoGame.fairness.nextNonce")}</dt>
        <dd data-testid="next-nonce">{fairness.nextNonce}</dd>
      </dl>
      {fairness.rotated ? (
        <p role="status" data-testid="seed-rotated">
          {t("demoGame.fairness.rotated")}
        </p>
      ) : null}
      <Form method="post" action={action} className="demo-rotate" data-testid="rotate-form">
        <div className="field">
          <label htmlFor="demo-client-seed">{t("demoGame.fairness.newClientSeed")}</label>
          <input
            id="demo-client-seed"
            name="clientSeed"
            maxLength={64}
            pattern="[A-Za-z0-9_\-]*"
            autoComplete="off"
            aria-describedby="demo-client-seed-hint"
            aria-invalid={error ? true : undefined}
          />
          <p className="field-hint" id="demo-client-seed-hint">
            {t("demoGame.fairness.clientSeedHint")}
          </p>
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" name="intent" value="rotate" className="button">
          {t("demoGame.fairness.rotate")}
        </button>
      </Form>
      {fairness.revealed.length ? (
        <div>
          <h3 className="demo-subtitle">{t("demoGame.fairness.revealed")}</h3>
          <ul className="demo-revealed" data-testid="revealed-seeds">
            {fairness.revealed.map((pair) => (
              <li key={pair.id}>
                <dl className="demo-facts">
                  <dt>{t("demoGame.fairness.serverSeed")}</dt>
                  <dd className="demo-code">{pair.serverSeed}</dd>
                  <dt>{t("demoGame.fairness.serverSeedHash")}</dt>
                  <dd className="demo-code">{pair.serverSeedHash}</dd>
                  <dt>{t("demoGame.fairness.clientSeed")}</dt>
                  <dd className="demo-code">{pair.clientSeed}</dd>
                  <dt>{t("demoGame.fairness.rounds")}</dt>
                  <dd>{pair.rounds}</dd>
                </dl>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
