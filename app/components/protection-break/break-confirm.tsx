import { Form, Link } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { useTranslation } from "~/utils/i18n";
import { BREAK_PATH, type BreakConfirmView } from "./types";

/**
 * The confirmation step: says what will happen (signed out at once, no
 * sign-in, deposit or play until the end, no way back early) and starts the
 * break only on an explicit confirm. A page section, not a dialog, so it
 * works the same without JavaScript; focus moves to it when it appears.
 */
export function BreakConfirm({ confirm }: { confirm: BreakConfirmView }) {
  const { t } = useTranslation();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const unit = confirm.kind === "time_out" ? "days" : "months";
  return (
    <section
      className="member-card break-confirm"
      aria-labelledby={titleId}
      data-testid="break-confirm"
    >
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t(`protectionBreak.${confirm.kind}.confirmTitle`)}
      </h2>
      <p>
        {t("protectionBreak.confirm.summary", {
          length: t(`protectionBreak.unit.${unit}`, { count: confirm.length }),
          until: confirm.until,
        })}
      </p>
      <ul>
        <li>{t("protectionBreak.confirm.signedOut")}</li>
        <li>{t("protectionBreak.confirm.noPlay")}</li>
        <li>{t("protectionBreak.confirm.withdrawals")}</li>
        <li>{t("protectionBreak.confirm.marketing")}</li>
        <li>{t(`protectionBreak.${confirm.kind}.final`)}</li>
      </ul>
      <Form method="post" action={BREAK_PATH} className="stack-form">
        <HoneypotField />
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="kind" value={confirm.kind} />
        <input type="hidden" name="length" value={confirm.length} />
        <label className="checkbox">
          <input type="checkbox" name="understood" value="on" required />
          {t("protectionBreak.confirm.understood")}
        </label>
        <div className="form-actions">
          <button type="submit" className="button primary">
            {t(`protectionBreak.${confirm.kind}.start`)}
          </button>
          <Link to={BREAK_PATH} className="button">
            {t("protectionBreak.confirm.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
