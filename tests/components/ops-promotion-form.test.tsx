// @vitest-environment jsdom
import type { SubmissionResult } from "@conform-to/react";
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { PromotionForm } from "~/components/ops/promotions/promotion-form";
import { renderWithApp } from "../helpers/render";

const saved = {
  code: "SAVED",
  "titles.en": "Saved title",
  "rulesHtml.en": "<p>Saved rules</p>",
  "contributions.RNG": "100",
  period: "W",
};

function renderForm(result?: SubmissionResult<string[]>) {
  return renderWithApp(
    <PromotionForm
      action="/ops/promotions/new"
      values={saved}
      result={result}
      currency={{ symbol: "Rs", minorUnits: 2 }}
      timeZone="Asia/Karachi"
    />,
    { staffPermissions: ["promotions.view", "promotions.manage"] },
  );
}

describe("PromotionForm", () => {
  test("before a post it holds the saved values, every section in its fieldset", async () => {
    await renderForm();
    const form = await screen.findByTestId("ops-promotion-form");
    expect(form.querySelectorAll("fieldset")).toHaveLength(10);
    expect(within(form).getByRole("textbox", { name: /^Code/ })).toHaveValue("SAVED");
    const rules = form.querySelector<HTMLTextAreaElement>('textarea[name="rulesHtml.en"]');
    expect(rules).toHaveValue("<p>Saved rules</p>");
    expect(rules).toHaveAttribute("rows", "5");
    expect(rules).toHaveAttribute("dir", "ltr");
    expect(form.querySelector('textarea[name="rulesHtml.ur"]')).toHaveAttribute("dir", "rtl");
    expect(form.querySelector('input[name="contributions.RNG"]')).toHaveValue("100");
    expect(form.querySelector('select[name="period"]')).toHaveValue("W");
  });

  test("after a refused post the typed values come back, each error beside its field", async () => {
    await renderForm({
      status: "error",
      initialValue: { code: "X1", titles: { en: "Hello", ur: "" }, rulesHtml: { ur: "<p>r</p>" } },
      error: { "": ["Form wrong"], titles: ["Need a title"], "rulesHtml.ur": ["Bad rules"] },
    });
    const form = await screen.findByTestId("ops-promotion-form");
    expect(form.querySelector('input[name="code"]')).toHaveValue("X1");
    // Typed values replace the saved ones; an emptied field stays empty.
    expect(form.querySelector('textarea[name="rulesHtml.en"]')).toHaveValue("");
    const urRules = form.querySelector('textarea[name="rulesHtml.ur"]')!;
    expect(urRules).toHaveValue("<p>r</p>");
    expect(urRules).toHaveAttribute("aria-invalid", "true");
    expect(document.getElementById(urRules.getAttribute("aria-describedby")!)).toHaveTextContent(
      "Bad rules",
    );
    // A title missing in every language shows under the first.
    const enTitle = form.querySelector('input[name="titles.en"]')!;
    expect(enTitle).toHaveValue("Hello");
    expect(enTitle).toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByText("Form wrong")).toBeInTheDocument();
  });
});
