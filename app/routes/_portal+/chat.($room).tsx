import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ChatRoom } from "~/components/chat/chat-room";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { chatAction, chatLoader } from "~/utils/chat.server";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta<typeof loader>();

/** /chat (the lobby) and /chat/table-<node id> (a live table or PVP room): see ./__chat.server.ts. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return chatLoader(request, params.room);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return chatAction(request, params.room);
}

export default function ChatPage() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  const back = data.table?.category === "PVP" ? "/pvp" : "/live";
  return (
    <div className="chat-page">
      <h1>{data.title}</h1>
      <nav className="sub-menu" aria-label={t("chat.rooms")}>
        <ul>
          <li>
            <Link to="/chat" aria-current={data.table ? undefined : "page"}>
              {t("chat.lobby")}
            </Link>
          </li>
          <li>
            <Link to={back}>
              {t(data.table?.category === "PVP" ? "chat.pvpRooms" : "chat.liveTables")}
            </Link>
          </li>
        </ul>
      </nav>
      <ChatRoom
        key={data.room}
        room={data.room}
        title={data.title}
        messages={data.messages}
        access={data.access}
        timeZone={data.timeZone}
        result={failed?.result}
        formKey={data.formKey}
      />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
