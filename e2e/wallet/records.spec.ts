import pg from "pg";
import { addDays, dayIn } from "../../app/platform/calendar/date-range";
import { formatMoney } from "../../app/utils/money";
import { e2eDatabaseUrl, expect, label, test } from "../fixtures";

/** The demo brand's currency and time zone (app/platform/system/brands/demo.json). */
const money = (minor: number) => formatMoney(minor, { symbol: "Rs", minorUnits: 2 }, "en");
const ZONE = "Asia/Karachi";
const PASSWORD = "Records123";

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Moves the member's newest ledger entry back by whole days, as if it had been posted then. */
const backdateNewestEntry = (account: string, days: number) =>
  withDatabase((client) =>
    client.query(
      `update entries set created_at = created_at - make_interval(days => $2)
       where id = (select max(e.id) from entries e join members m on m.id = e.member_id where lower(m.account) = lower($1))`,
      [account, days],
    ),
  );

test.describe("member records", () => {
  test("transactions: a type filter and a date preset go into the URL and change the rows and totals", async ({
    signIn,
    page,
    createMember,
    fundMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 25_000);
    await backdateNewestEntry(account, 8);
    await fundMember(account, 100_000);
    const today = dayIn(ZONE, new Date());
    await signIn(account, PASSWORD);

    await page.goto("/member/transactions");
    await expect(
      page.getByRole("heading", { level: 1, name: label("en", "memberCentre.transactions") }),
    ).toBeVisible();
    const table = page.getByTestId("records-table");
    // The default window is the last 7 days: today's deposit, not the one of 8 days ago.
    await expect(page.getByTestId("records-count")).toHaveText(
      label("en", "records.count", { count: 1 }),
    );
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(table.locator("tbody tr").first()).toContainText(
      label("en", "records.kinds.deposit"),
    );
    await expect(page.getByTestId("total-in")).toHaveText(money(100_000));
    await expect(page.getByLabel(label("en", "records.filter.from"), { exact: true })).toHaveValue(
      addDays(today, -6),
    );

    // A type filter: submitted with the form, carried in the URL.
    const filter = page.getByTestId("records-filter");
    await filter
      .getByLabel(label("en", "records.filter.type"), { exact: true })
      .selectOption({ label: label("en", "records.types.deposit") });
    await filter
      .getByRole("button", { name: label("en", "records.filter.apply"), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`[?&]type=deposit(&|$)`));
    await expect(page).toHaveURL(new RegExp(`from=${addDays(today, -6)}`));
    await expect(page.getByTestId("total-in")).toHaveText(money(100_000));

    // A preset moves the window back 7 days and keeps the type.
    await page
      .getByRole("link", { name: label("en", "records.filter.previous7"), exact: true })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`from=${addDays(today, -13)}&to=${addDays(today, -7)}&type=deposit$`),
    );
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(page.getByTestId("total-in")).toHaveText(money(25_000));
    await expect(page.getByTestId("total-net")).toHaveText(money(25_000));
    await expect(filter.getByLabel(label("en", "records.filter.to"), { exact: true })).toHaveValue(
      addDays(today, -7),
    );

    // Another type in that window: nothing, and the empty state says so.
    await filter
      .getByLabel(label("en", "records.filter.type"), { exact: true })
      .selectOption({ label: label("en", "records.types.withdrawal") });
    await filter
      .getByRole("button", { name: label("en", "records.filter.apply"), exact: true })
      .click();
    await expect(page).toHaveURL(/type=withdrawal/);
    await expect(page.getByTestId("records-empty")).toHaveText(label("en", "records.empty"));
    await expect(page.getByTestId("records-table")).toHaveCount(0);

    // The last 30 days, all types: both deposits, and the totals add up.
    await filter
      .getByLabel(label("en", "records.filter.type"), { exact: true })
      .selectOption({ label: label("en", "records.filter.all") });
    await filter
      .getByRole("button", { name: label("en", "records.filter.apply"), exact: true })
      .click();
    // The presets link to the window as it stands: wait for the applied filter before picking one.
    await expect(page).toHaveURL(/type=$/);
    await page
      .getByRole("link", { name: label("en", "records.filter.last30"), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`from=${addDays(today, -29)}&to=${today}&type=$`));
    await expect(
      page.getByRole("link", { name: label("en", "records.filter.last30"), exact: true }),
    ).toHaveAttribute("aria-current", "true");
    await expect(table.locator("tbody tr")).toHaveCount(2);
    await expect(page.getByTestId("total-in")).toHaveText(money(125_000));
    await expect(page.getByTestId("total-out")).toHaveText(money(0));
  });

  test("messages: a deposit message shows unread until the member marks all as read", async ({
    signIn,
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await withDatabase((client) =>
      client.query(
        `insert into member_messages (member_id, kind, params)
         select id, 'deposit_arrived', '{"amount":"123456","deposit":"1"}'::jsonb from members where lower(account) = lower($1)`,
        [account],
      ),
    );
    await signIn(account, PASSWORD);

    await page.goto("/member/messages");
    const message = page.getByTestId("message");
    await expect(message).toHaveCount(1);
    await expect(message).toContainText(
      label("en", "messagesPage.kinds.deposit_arrived", { amount: money(123_456) }),
    );
    await expect(message.getByText(label("en", "messagesPage.new"), { exact: true })).toBeVisible();
    await expect(page.getByTestId("badge-messages")).toHaveText("1");

    // Opening the page again marks nothing.
    await page.reload();
    await expect(message.getByText(label("en", "messagesPage.new"), { exact: true })).toBeVisible();

    await page
      .getByRole("button", { name: label("en", "messagesPage.markAllRead"), exact: true })
      .click();
    await expect(page).toHaveURL("/member/messages?marked=1");
    await expect(page.getByTestId("messages-marked")).toHaveText(
      label("en", "messagesPage.marked"),
    );
    await expect(message.getByText(label("en", "messagesPage.new"), { exact: true })).toHaveCount(
      0,
    );
    await expect(page.getByTestId("badge-messages")).toHaveCount(0);
    await expect(
      page.getByRole("button", { name: label("en", "messagesPage.markAllRead"), exact: true }),
    ).toHaveCount(0);
  });
});
