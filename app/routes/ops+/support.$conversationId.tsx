import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { SupportForm } from "~/components/support/support-form";
import { SupportMessages } from "~/components/support/support-messages";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsSupportConversationAction, opsSupportConversationLoader } from "./__support.server";

export const meta = titleMeta<typeof loader>();

/** /ops/support/:conversationId: a member's conversation; reply or close. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return opsSupportConversationLoader(request, params.conversationId ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return opsSupportConversationAction(request, params.conversationId ?? "");
}

export default function OpsSupportConversation() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="ops-queue" aria-labelledby="ops-support-conversation">
      <p>
        <Link to="/ops/support">{t("support.ops.back")}</Link>
      </p>
      <h1 id="ops-support-conversation">{data.title}</h1>
      <div aria-live="polite">
        {data.done && !failed ? (
          <p className="form-success" role="status" data-testid="ops-support-done">
            {t(`support.ops.done.${data.done}`)}
          </p>
        ) : null}
      </div>
      <SupportMessages messages={data.messages} viewer="operator" />
      {data.status === "closed" ? (
        <p className="muted">{t("support.ops.closed")}</p>
      ) : (
        <>
          <SupportForm
            max={data.max}
            result={failed?.result}
            label={t("support.ops.reply")}
            intent="reply"
          />
          <Form method="post" className="inline-form" data-testid="ops-support-close">
            <HoneypotField />
            <input type="hidden" name="intent" value="close" />
            <button type="submit" className="button">
              {t("support.ops.close")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
