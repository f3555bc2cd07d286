import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import * as z from "zod/v4";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MessagesPage } from "~/components/member/messages-page";
import { markMessagesRead } from "~/platform/content/messages.server";
import { agentContext } from "~/utils/agency.server";
import { parseFormOrThrow } from "~/utils/form.server";
import { messagesPageData } from "~/utils/messages-page.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta<typeof loader>();

/** Agent centre platform messages: the agent's own messages, as the member centre shows a member's. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { agentId, db, brand, t } = await agentContext(request);
  return json(await messagesPageData(db, brand, agentId, request, t("agentCentre.messages.title")));
}

const MarkRead = z.object({ intent: z.literal("mark-read") });

export async function action({ request }: ActionFunctionArgs) {
  const { agentId, db } = await agentContext(request);
  await parseFormOrThrow(request, MarkRead);
  // Only the session's agent's own messages: no id from the form.
  await markMessagesRead(db, agentId);
  return redirect("/agentHome/messages?marked=1");
}

export default function AgentMessages() {
  return <MessagesPage {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
