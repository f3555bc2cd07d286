import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import type { Currency, ReferralProgramView } from "./types";

/**
 * The member's invitation: the terms, the link in a readonly labelled input
 * (select and copy it without JavaScript; with it, a copy button that says
 * so in a live region), the QR code and its 800 px download, and share links
 * that are plain URLs.
 */
export function InviteCard({
  program,
  currency,
}: {
  program: ReferralProgramView;
  currency: Currency;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatMoney(minor, currency, i18n.language);
  const linkId = useId();
  return (
    <section className="referral-invite" aria-labelledby={`${linkId}-title`}>
      <h2 id={`${linkId}-title`}>{t("referral.inviteTitle")}</h2>
      <p data-testid="referral-terms">
        {t("referral.terms", {
          reward: money(program.terms.reward),
          deposit: money(program.terms.minDeposit),
          validBet: money(program.terms.minValidBet),
        })}{" "}
        {program.terms.turnover ? t("referral.termsTurnover") : null}
      </p>
      <p>
        {t("referral.yourCode")} <strong data-testid="referral-code">{program.code}</strong>
      </p>
      <CopyLink id={linkId} link={program.link} />
      <div className="referral-share">
        <img
          src={program.qr.src}
          width={200}
          height={200}
          alt={t("referral.qrAlt")}
          data-testid="referral-qr"
        />
        <ul className="quick-actions">
          <li>
            <a href={program.qr.download} download data-testid="referral-qr-download">
              {t("referral.downloadQr")}
            </a>
          </li>
          <li>
            <a href={program.share.whatsapp} target="_blank" rel="noopener noreferrer">
              {t("referral.shareWhatsapp")}
            </a>
          </li>
          <li>
            <a href={program.share.telegram} target="_blank" rel="noopener noreferrer">
              {t("referral.shareTelegram")}
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}

function CopyLink({ id, link }: { id: string; link: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  // Only a hydrated page can copy; before that the readonly input is the way.
  const canCopy = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard permission: select the link so the member can copy it by hand.
      input.current?.select();
    }
  };
  return (
    <div className="field referral-link">
      <label htmlFor={id}>{t("referral.link")}</label>
      <div className="inline-field">
        <input
          id={id}
          ref={input}
          type="text"
          readOnly
          value={link}
          dir="ltr"
          data-testid="referral-link"
          onFocus={(event) => event.currentTarget.select()}
        />
        {canCopy ? (
          <button type="button" className="button" onClick={copy} data-testid="referral-copy">
            {t("referral.copy")}
          </button>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="muted" data-testid="referral-copied">
        {copied ? t("referral.copied") : ""}
      </p>
    </div>
  );
}
