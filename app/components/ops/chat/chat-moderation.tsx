import { HoneypotField } from "~/components/forms/honeypot-field";
import { StaffForm } from "~/components/ops/staff-form";
import { useStaffCan } from "~/components/ops/use-staff-can";
import { useTranslation } from "~/utils/i18n";

export interface ModeratedMessage {
  id: string;
  memberId: string;
  account: string;
  text: string;
  at: string;
  deleted: boolean;
}

/** One room's newest messages for the operators: delete one, or mute its author for a period. */
export function RoomModeration({
  room,
  messages,
  muteHours,
}: {
  room: string;
  messages: ModeratedMessage[];
  muteHours: readonly number[];
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`ops-chat-${room}`} data-testid="ops-chat-room" data-room={room}>
      <h2 id={`ops-chat-${room}`}>{room}</h2>
      <table className="records-table">
        <thead>
          <tr>
            <th scope="col">{t("chat.ops.time")}</th>
            <th scope="col">{t("chat.ops.account")}</th>
            <th scope="col">{t("chat.ops.text")}</th>
            <th scope="col">{t("chat.ops.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => (
            <tr key={message.id} data-testid="ops-chat-message">
              <td>{message.at}</td>
              <td>{message.account}</td>
              <td>
                {message.deleted ? <del>{message.text}</del> : message.text}
                {message.deleted ? <span className="muted"> ({t("chat.ops.deleted")})</span> : null}
              </td>
              <td>
                {message.deleted ? null : (
                  <StaffForm permission="chat.moderate" className="inline-form">
                    <HoneypotField />
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="messageId" value={message.id} />
                    <button type="submit" className="button small">
                      {t("chat.ops.delete")}
                    </button>
                  </StaffForm>
                )}
                <StaffForm permission="chat.moderate" className="inline-form">
                  <HoneypotField />
                  <input type="hidden" name="intent" value="mute" />
                  <input type="hidden" name="memberId" value={message.memberId} />
                  <label>
                    {t("chat.ops.muteFor")}{" "}
                    <select name="hours" defaultValue={String(muteHours[0])}>
                      {muteHours.map((hours) => (
                        <option key={hours} value={hours}>
                          {t(`chat.ops.periods.${hours}`)}
                        </option>
                      ))}
                    </select>
                  </label>{" "}
                  <button type="submit" className="button small">
                    {t("chat.ops.mute", { account: message.account })}
                  </button>
                </StaffForm>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Lifts a member's mute before its end: they may post again at once. */
export function UnmuteForm({ memberId, account }: { memberId: string; account: string }) {
  const can = useStaffCan("chat.moderate");
  const { t } = useTranslation();
  // Offered only to a role that may use it (the action checks again).
  if (!can) return null;
  return (
    <StaffForm permission="chat.moderate" className="inline-form">
      <HoneypotField />
      <input type="hidden" name="intent" value="unmute" />
      <input type="hidden" name="memberId" value={memberId} />
      <button type="submit" className="button small" data-testid="ops-chat-unmute">
        {t("chat.ops.unmute", { account })}
      </button>
    </StaffForm>
  );
}
