// @vitest-environment jsdom
import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { serverFirst } from "~/components/lazy-component";

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Greeting({ name }: { name: string }) {
  return <p data-testid="greeting">Hello {name}</p>;
}

/** A chunk the test lets arrive when it says so. */
function pendingChunk() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(() => arrived.then(() => Greeting));
  return { load, arrive };
}

describe("serverFirst", () => {
  test("on the server the component renders at once, without loading anything", () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Lazy = serverFirst(Greeting, load);
    expect(renderToString(<Lazy name="Ada" />)).toContain("Hello <!-- -->Ada");
    expect(load).not.toHaveBeenCalled();
  });

  test("in the browser the server's HTML stays until the chunk arrives, then hydrates", async () => {
    const container = document.createElement("div");
    const OnServer = serverFirst(Greeting, vi.fn());
    container.innerHTML = renderToString(<OnServer name="Ada" />);
    const serverHtml = container.innerHTML;
    const { load, arrive } = pendingChunk();
    const Lazy = serverFirst<{ name: string }>(undefined, load);

    const root = await act(async () => hydrateRoot(container, <Lazy name="Ada" />));
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.innerHTML).toBe(serverHtml);

    await act(async () => arrive());
    expect(container.querySelector("[data-testid=greeting]")?.textContent).toBe("Hello Ada");
    act(() => root.unmount());
  });

  test("the chunk is loaded once however many times the component renders", async () => {
    const { load, arrive } = pendingChunk();
    const Lazy = serverFirst<{ name: string }>(undefined, load);
    const container = document.createElement("div");
    const root = createRoot(container);
    await act(async () => root.render(<Lazy name="Ada" />));
    await act(async () => root.render(<Lazy name="Bo" />));
    await act(async () => arrive());
    expect(container.textContent).toBe("Hello Bo");
    expect(load).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });
});
