import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/utils/i18n";

/**
 * A dialog that is URL state: rendered open by the server, closed by a link,
 * so it works without JavaScript. Once JavaScript runs it becomes modal
 * (focus stays inside, the page behind is inert) and Escape closes it.
 */
/** How a dialog closes: a link back, or a form post when closing must be remembered. */
export type DialogClose = { href: string } | { action: string; fields: Record<string, string> };

export function Dialog({
  title,
  close,
  children,
  className,
  testId,
}: {
  title: ReactNode;
  close: DialogClose;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const closeForm = useRef<HTMLFormElement>(null);
  const closeHref = "href" in close ? close.href : null;
  const titleId = useId();
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (closeHref) navigate(closeHref, { preventScrollReset: true, replace: true });
      else closeForm.current?.requestSubmit();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, [closeHref, navigate]);

  return (
    <div className="dialog-layer">
      <div className="dialog-scrim" aria-hidden="true" />
      <dialog
        ref={ref}
        open
        aria-modal="true"
        aria-labelledby={titleId}
        className={className ? `dialog ${className}` : "dialog"}
        data-testid={testId}
      >
        <div className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          {closeHref ? (
            <Link
              to={closeHref}
              className="dialog-close"
              aria-label={t("dialog.close")}
              preventScrollReset
              replace
            >
              ×
            </Link>
          ) : "action" in close ? (
            <Form method="post" action={close.action} ref={closeForm} preventScrollReset>
              {Object.entries(close.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="dialog-close" aria-label={t("dialog.close")}>
                ×
              </button>
            </Form>
          ) : null}
        </div>
        <div className="dialog-body">{children}</div>
      </dialog>
    </div>
  );
}
