import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RoomModeration, UnmuteForm } from "~/components/ops/chat/chat-moderation";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsChatAction, opsChatLoader } from "./__chat.server";

export const meta = titleMeta<typeof loader>();

/** /ops/chat: moderate the chat rooms (see ./__chat.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsChatLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return opsChatAction(request);
}

export default function OpsChat() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-chat-title">
      <h1 id="ops-chat-title">{data.title}</h1>
      <div aria-live="polite">
        {data.done ? (
          <p className="form-success" role="status" data-testid="ops-chat-done">
            {t(`chat.ops.done.${data.done}`)}
          </p>
        ) : null}
      </div>
      <h2>{t("chat.ops.mutes")}</h2>
      {data.mutes.length === 0 ? (
        <p className="muted">{t("chat.ops.noMutes")}</p>
      ) : (
        <ul data-testid="ops-chat-mutes">
          {data.mutes.map((mute) => (
            <li key={mute.memberId}>
              {t("chat.ops.mutedUntil", mute)}{" "}
              <UnmuteForm memberId={mute.memberId} account={mute.account} />
            </li>
          ))}
        </ul>
      )}
      {data.rooms.length === 0 ? <p className="muted">{t("chat.ops.empty")}</p> : null}
      {data.rooms.map((room) => (
        <RoomModeration
          key={room.room}
          room={room.room}
          messages={room.messages}
          muteHours={data.muteHours}
        />
      ))}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
