// @vitest-environment jsdom
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { Labels } from "~/i18n";
import { I18nProvider, LabelSourceProvider, type LabelSource } from "~/utils/i18n";
import { RequestContextProvider } from "~/utils/request-context";
import en from "../../locales/en/common.json";
import ur from "../../locales/ur/common.json";

const labelSets: Record<string, Labels> = { en, ur };

/** A page whose loader throws `thrown`, inside a layout, with `boundary` as the page's ErrorBoundary. */
function renderThrown(
  thrown: unknown,
  options: { language?: "en" | "ur"; boundary?: () => React.ReactNode } = {},
) {
  const locale = options.language ?? "en";
  const source: LabelSource = {
    initialLocale: locale,
    get: (code) => labelSets[code],
    load: async (code) => labelSets[code] ?? en,
  };
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <div data-testid="layout">
          <nav>layout menu</nav>
          <Outlet />
        </div>
      ),
      children: [
        {
          path: "page",
          loader: () => {
            throw thrown;
          },
          Component: () => <p>page</p>,
          ErrorBoundary: options.boundary ?? GeneralErrorBoundary,
        },
      ],
    },
  ]);
  return render(
    <RequestContextProvider value={{ nonce: "", requestId: "req-42" }}>
      <LabelSourceProvider value={source}>
        <I18nProvider>
          <Stub initialEntries={["/page"]} />
        </I18nProvider>
      </LabelSourceProvider>
    </RequestContextProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("GeneralErrorBoundary", () => {
  test.each([
    [404, en.error.notFoundTitle, en.error.notFound],
    [403, en.error.forbiddenTitle, en.error.forbidden],
    [400, en.error.badRequestTitle, en.error.badRequest],
    [429, en.error.tooManyRequestsTitle, en.error.tooManyRequests],
  ])("a thrown %i has its own words, inside the layout", async (status, title, text) => {
    renderThrown(new Response("no", { status }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveAttribute("data-status", String(status));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(title);
    expect(alert).toHaveTextContent(text);
    expect(screen.getByTestId("layout")).toContainElement(alert);
    expect(screen.getByText("layout menu")).toBeInTheDocument();
  });

  test("speaks the page's language", async () => {
    renderThrown(new Response("no", { status: 403 }), { language: "ur" });
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(
      ur.error.forbiddenTitle,
    );
  });

  test("a route's own status handler wins over the shared text", async () => {
    renderThrown(new Response("no", { status: 404 }), {
      boundary: () => <GeneralErrorBoundary statusHandlers={{ 404: () => <p>No such game</p> }} />,
    });
    expect(await screen.findByText("No such game")).toBeInTheDocument();
    expect(screen.queryByText(en.error.notFoundTitle)).not.toBeInTheDocument();
  });

  test("any other error is an unknown error with the request id", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderThrown(new Error("boom"));
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(en.error.unknown);
    expect(screen.getByText(en.error.requestId.replace("{{id}}", "req-42"))).toBeInTheDocument();
  });

  test("a status without words of its own (500) is an unknown error too", async () => {
    renderThrown(new Response("no", { status: 500 }));
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(en.error.unknown);
  });
});
