import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { MoneyCell, RecordTable, TimeCell } from "~/components/member/records/record-table";
import type { DayRange } from "~/platform/calendar/date-range";
import { useTranslation } from "~/utils/i18n";
import type { Currency, ReferralFriendsView } from "./types";

/**
 * The friends the member invited, newest first: masked account, joined,
 * first deposit yes/no, valid bets in the chosen days, and the
 * reward's state for that friend.
 */
export function ReferralFriends({
  friends,
  range,
  currency,
  timeZone,
}: {
  friends: ReferralFriendsView;
  range: DayRange & { today: string };
  currency: Currency;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="referral-friends-title" data-testid="referral-friends">
      <h2 id="referral-friends-title">{t("referral.friends.title")}</h2>
      <p className="muted">{t("referral.friends.validBetHint")}</p>
      <DateRangeFilter range={range} />
      <RecordTable
        records={friends}
        head={
          <>
            <th scope="col">{t("referral.friends.account")}</th>
            <th scope="col">{t("referral.friends.joined")}</th>
            <th scope="col">{t("referral.friends.firstDeposit")}</th>
            <th scope="col" className="amount">
              {t("referral.friends.validBet")}
            </th>
            <th scope="col">{t("referral.friends.reward")}</th>
          </>
        }
        foot={null}
      >
        {friends.rows.map((row, index) => (
          <tr key={`${row.account}-${row.joinedAt}-${index}`} data-testid="referral-friend">
            <td dir="ltr">{row.account}</td>
            <TimeCell iso={row.joinedAt} timeZone={timeZone} />
            <td data-testid="referral-friend-deposit">
              {row.deposited ? t("referral.friends.yes") : t("referral.friends.no")}
            </td>
            <MoneyCell minor={row.validBet} currency={currency} />
            <td data-testid="referral-friend-reward" data-state={row.reward}>
              {t(`referral.friends.states.${row.reward}`)}
            </td>
          </tr>
        ))}
      </RecordTable>
    </section>
  );
}
