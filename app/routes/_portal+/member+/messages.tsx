import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MessagesPage } from "~/components/member/messages-page";
import { markMessagesRead } from "~/platform/content/messages.server";
import { requireRealMember } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { messagesPageData } from "~/utils/messages-page.server";
import { titleMeta } from "~/utils/meta";
import { recordsContext } from "~/utils/records.server";

export const meta = titleMeta<typeof loader>();

/** /member/messages: the platform's messages to the member, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const { db, brand, t } = await recordsContext(request);
  return json(
    await messagesPageData(db, brand, viewer.member.id, request, t("memberCentre.messages")),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const viewer = await requireRealMember(request);
  if (formData.get("intent") !== "mark-read")
    throw json({ error: "unknown_intent" }, { status: 400 });
  const { db } = await recordsContext(request);
  await markMessagesRead(db, viewer.member.id);
  // POST → redirect → GET; the layout's unread badge is read again on the way.
  return redirect("/member/messages?marked=1");
}

export default function PlatformMessages() {
  return <MessagesPage {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
