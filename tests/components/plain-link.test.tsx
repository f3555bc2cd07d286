// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { PlainLink, useClientNavigation } from "~/components/ui/plain-link";

function Lobby() {
  useClientNavigation();
  return (
    <>
      <PlainLink to="/rng?vassalage=PG">Slots by PG</PlainLink>
      <PlainLink to="/rng" target="_blank">
        In a new tab
      </PlainLink>
    </>
  );
}

function renderApp() {
  const Stub = createRemixStub([
    { path: "/", Component: Lobby },
    { path: "/rng", Component: () => <p>Slots page</p> },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("PlainLink", () => {
  test("is a real link before any script runs", () => {
    renderApp();
    expect(screen.getByRole("link", { name: "Slots by PG" })).toHaveAttribute(
      "href",
      "/rng?vassalage=PG",
    );
  });

  test("navigates on the client once JavaScript runs", async () => {
    renderApp();
    const link = screen.getByRole("link", { name: "Slots by PG" });
    const notPrevented = fireEvent.click(link);
    expect(notPrevented).toBe(false);
    expect(await screen.findByText("Slots page")).toBeInTheDocument();
  });

  test("leaves modified clicks and other targets to the browser", () => {
    renderApp();
    // Record what reached the browser, then stop jsdom, which cannot navigate, from trying.
    const leftToBrowser: boolean[] = [];
    const record = (event: Event) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener("click", record);
    fireEvent.click(screen.getByRole("link", { name: "Slots by PG" }), { ctrlKey: true });
    fireEvent.click(screen.getByRole("link", { name: "In a new tab" }));
    window.removeEventListener("click", record);
    expect(leftToBrowser).toEqual([true, true]);
  });
});
