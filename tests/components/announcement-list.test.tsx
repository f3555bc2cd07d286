// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { AnnouncementList } from "~/components/announcements/announcement-list";
import { AnnouncementPopup } from "~/components/lobby/announcement-popup";
import { NoticeDialog } from "~/components/lobby/notice-dialog";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { renderWithApp } from "../helpers/render";

const items = [
  {
    id: 1,
    title: "Weekend bonus",
    contentHtml: "<p>Double <strong>points</strong></p>",
    publishedAt: "2026-11-20T10:00:00.000Z",
    promotionType: "DEPOSIT",
    promotionCode: "WEEKEND 1",
  },
  {
    id: 2,
    title: "Maintenance",
    contentHtml: "<p>Down at noon</p>",
    publishedAt: "2026-11-21T08:30:00.000Z",
    promotionType: null,
    promotionCode: null,
  },
];

describe("AnnouncementList", () => {
  test("each title is a details summary with its date in the brand's time zone, over its content", async () => {
    await renderWithApp(
      <AnnouncementList items={items} timeZone="Asia/Karachi" testId="announcement-list" />,
    );
    const list = await screen.findByTestId("announcement-list");
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    const [first] = rows as [HTMLElement, HTMLElement];
    const summary = first.querySelector("details > summary");
    expect(summary).toHaveTextContent("Weekend bonus");
    const time = first.querySelector("time");
    expect(time).toHaveAttribute("dateTime", "2026-11-20T10:00:00.000Z");
    expect(time).toHaveTextContent(formatTimestamp("2026-11-20T10:00:00.000Z", "Asia/Karachi"));
    expect(first.querySelector(".rich-text strong")).toHaveTextContent("points");
    expect(within(list).queryByRole("link")).toBeNull();
  });

  test("the popup adds its promotion link after an item's content, and only where there is one", async () => {
    await renderWithApp(
      <AnnouncementPopup
        items={items}
        page={1}
        totalPages={1}
        pageHref={(page) => `/?announcementPage=${page}`}
        returnTo="/"
        audience="B"
        timeZone="UTC"
      />,
    );
    const popup = await screen.findByTestId("announcement-popup");
    const [first, second] = within(popup).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("link")).toHaveAttribute(
      "href",
      "/member/rewards?promotion=WEEKEND%201",
    );
    expect(within(second).queryByRole("link")).toBeNull();
    expect(second.querySelector("details .rich-text")).toHaveTextContent("Down at noon");
  });

  test("the popup and the notice dialog page with the same previous/next links", async () => {
    await renderWithApp(
      <>
        <AnnouncementPopup
          items={items}
          page={2}
          totalPages={3}
          pageHref={(page) => `/?announcements=${page}`}
          returnTo="/"
          audience="B"
          timeZone="UTC"
        />
        <NoticeDialog
          notice={items[0]!}
          index={0}
          total={2}
          hrefFor={(index) => `/?notice=${index}`}
          closeHref="/"
          timeZone="UTC"
        />
      </>,
    );
    const popup = await screen.findByTestId("announcement-popup");
    const popupPager = within(popup).getByRole("navigation");
    expect(within(popupPager).getByRole("link", { name: "Previous" })).toHaveAttribute(
      "href",
      "/?announcements=1",
    );
    expect(within(popupPager).getByRole("link", { name: "Next" })).toHaveAttribute(
      "href",
      "/?announcements=3",
    );
    expect(within(popup).getByTestId("announcement-page")).toHaveTextContent("2 / 3");
    const notice = screen.getByTestId("notice-dialog");
    const noticePager = within(notice).getByRole("navigation");
    expect(noticePager).toHaveTextContent("1 / 2");
    expect(within(noticePager).queryByRole("link", { name: "Previous" })).toBeNull();
    expect(within(noticePager).getByRole("link", { name: "Next" })).toHaveAttribute(
      "href",
      "/?notice=1",
    );
  });
});
