// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { LanguageMenu } from "~/components/layout/language-menu";
import { renderToHtml, renderWithApp } from "../helpers/render";

const languages = [
  { code: "en", name: "English" },
  { code: "ur", name: "اردو" },
  { code: "ja", name: "日本語" },
];
const menu = <LanguageMenu languages={languages} locale="en" redirectTo="/rng?page=2" />;

describe("LanguageMenu", () => {
  test("the first HTML holds the whole list as a plain form inside <noscript>", () => {
    const html = renderToHtml(menu, { path: "/rng?page=2" });
    const noscript = /<noscript>(.*)<\/noscript>/s.exec(html)?.[1] ?? "";
    expect(noscript).toContain('<form method="post" action="/resources/language"');
    expect(noscript).toContain('name="redirectTo" value="/rng?page=2"');
    for (const { code } of languages) expect(noscript).toContain(`value="${code}"`);
    // The summary is outside it: a browser with JavaScript shows the menu's button all the same.
    expect(html.slice(0, html.indexOf("<noscript>"))).toContain("English");
  });

  test("with JavaScript the list is built when a pointer reaches the menu", async () => {
    const { container } = await renderWithApp(menu, { path: "/rng?page=2" });
    const details = container.querySelector("details")!;
    expect(within(details).queryByRole("button", { name: "اردو" })).not.toBeInTheDocument();
    fireEvent.pointerEnter(details);
    const urdu = within(details).getByRole("button", { name: "اردو" });
    expect(urdu).toHaveAttribute("value", "ur");
    expect(urdu.closest("form")).toHaveAttribute("action", "/resources/language");
    expect(within(details).getByRole("button", { name: "English" })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });

  test("…when the keyboard reaches it, and when it opens", async () => {
    const { container, unmount } = await renderWithApp(menu);
    const details = container.querySelector("details")!;
    fireEvent.focus(details.querySelector("summary")!);
    expect(within(details).getAllByRole("button")).toHaveLength(languages.length);
    unmount();

    const second = (await renderWithApp(menu)).container.querySelector("details")!;
    expect(screen.queryByRole("button", { name: "日本語" })).not.toBeInTheDocument();
    second.open = true;
    fireEvent(second, new Event("toggle"));
    expect(within(second).getByRole("button", { name: "日本語" })).toBeInTheDocument();
  });
});
