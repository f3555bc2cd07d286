// @vitest-environment jsdom
import { json } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { GameGrid } from "~/components/play/game-grid";
import { PORTAL_LAYOUT_ID } from "~/components/play/use-favourites";
import { I18nProvider, LabelSourceProvider, type LabelSource } from "~/utils/i18n";
import en from "../../locales/en/common.json";

const games = [1, 2, 3].map((n) => ({
  nodeId: 500 + n,
  gameName: `Game ${n}`,
  nodeName: "PG Studio",
  iconUrl: null,
  showIcon: true,
  vassalage: "PG",
}));

const labels: LabelSource = { initialLocale: "en", get: () => en, load: async () => en };

/**
 * The grid under a stand-in of the portal layout route (the member and their
 * favourite ids) and of /resources/favourites, answering as `reply` says.
 */
function renderForMember(
  favouriteIds: number[],
  reply: () => Response | Promise<Response>,
  path = "/?tab=RNG",
) {
  const posts: FormData[] = [];
  const Stub = createRemixStub([
    {
      id: PORTAL_LAYOUT_ID,
      path: "/",
      loader: () => json({ viewer: { id: "1" }, favouriteIds }),
      Component: () => <Outlet />,
      children: [
        {
          index: true,
          Component: () => (
            <GameGrid
              games={games}
              pageNum={1}
              totalPages={1}
              pageHref={String}
              returnTo={path}
              label="Slots"
            />
          ),
        },
      ],
    },
    {
      path: "/resources/favourites",
      action: async ({ request }) => {
        posts.push(await request.formData());
        return reply();
      },
    },
  ]);
  render(
    <LabelSourceProvider value={labels}>
      <I18nProvider>
        <Stub initialEntries={[path]} />
      </I18nProvider>
    </LabelSourceProvider>,
  );
  return posts;
}

describe("favourite toggle (member)", () => {
  test("a form per tile with a real button: pressed for a favourite, labelled add or remove with the game's name", async () => {
    renderForMember([502], () => json({ ok: true }));
    const add = await screen.findByRole("button", { name: "Add Game 1 to favourites" });
    expect(add).toHaveAttribute("aria-pressed", "false");
    const remove = screen.getByRole("button", { name: "Remove Game 2 from favourites" });
    expect(remove).toHaveAttribute("aria-pressed", "true");
    const form = add.closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/resources/favourites");
    const field = (name: string) =>
      form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;
    expect([field("nodeId"), field("intent"), field("redirectTo")]).toEqual([
      "501",
      "add",
      "/?tab=RNG",
    ]);
    expect(
      remove.closest("form")!.querySelector<HTMLInputElement>('input[name="intent"]')!.value,
    ).toBe("remove");
    expect(screen.queryByRole("link", { name: /favourites/ })).not.toBeInTheDocument();
  });

  test("with JavaScript a fetcher posts it, the heart turns at once; a refusal turns it back and says why", async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    let answer = async (): Promise<Response> => {
      await answered;
      return json({ ok: false, nodeId: 501, message: "Please wait a second." }, { status: 429 });
    };
    const posts = renderForMember([], () => answer());
    const add = await screen.findByRole("button", { name: "Add Game 1 to favourites" });
    fireEvent.click(add);
    // Optimistic: pressed while the server has not answered yet.
    const tile = screen.getAllByTestId("game-tile")[0]!;
    await waitFor(() =>
      expect(
        within(tile).getByRole("button", { name: "Remove Game 1 from favourites" }),
      ).toHaveAttribute("aria-pressed", "true"),
    );
    release();
    expect(await within(tile).findByRole("status")).toHaveTextContent("Please wait a second.");
    expect(within(tile).getByRole("button", { name: "Add Game 1 to favourites" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(posts).toHaveLength(1);
    expect(Object.fromEntries(posts[0]!)).toMatchObject({
      nodeId: "501",
      intent: "add",
      via: "fetcher",
    });
    answer = async () => json({ ok: true, nodeId: 501, favourite: true });
    fireEvent.click(within(tile).getByRole("button", { name: "Add Game 1 to favourites" }));
    await waitFor(() => expect(posts).toHaveLength(2));
    await waitFor(() => expect(within(tile).queryByRole("status")).not.toBeInTheDocument());
  });

  test("without JavaScript, a refused toggle comes back to the page with the tile's id: that tile says why", async () => {
    renderForMember([], () => json({ ok: true }), "/?tab=RNG&favouriteRefused=502");
    const tiles = await screen.findAllByTestId("game-tile");
    expect(within(tiles[1]!).getByRole("status")).toHaveTextContent(en.favourites.throttled);
    expect(within(tiles[0]!).queryByRole("status")).not.toBeInTheDocument();
    // The next toggle returns to the page without the refusal.
    expect(tiles[1]!.querySelector<HTMLInputElement>('input[name="redirectTo"]')!.value).toBe(
      "/?tab=RNG",
    );
  });
});
