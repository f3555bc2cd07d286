import type { LoaderFunction, MetaDescriptor, MetaFunction, SerializeFrom } from "@remix-run/node";

/** A page's `<title>` as every page shows it: its own (translated) title, then the brand. */
export function pageTitle(title: string, brandName: string): string {
  return `${title} · ${brandName}`;
}

type Titled = { title: string; brandName: string };
type TitleOf<Loader extends LoaderFunction> = (data: SerializeFrom<Loader>) => string;

/**
 * What titleMeta takes: nothing when the loader answers `title` and `brandName`,
 * else where its title is (`(data) => data.game.name`); a loader without
 * `brandName` does not type-check.
 */
type TitleArgs<Loader extends LoaderFunction> =
  SerializeFrom<Loader> extends Titled
    ? [title?: TitleOf<Loader>]
    : SerializeFrom<Loader> extends { brandName: string }
      ? [title: TitleOf<Loader>]
      : [title: never];

/** The title of the nearest route above that has one (the root's: the brand name). */
function inheritedTitle(matches: ReadonlyArray<{ meta: MetaDescriptor[] }>): string {
  for (const match of [...matches].reverse()) {
    for (const descriptor of match.meta) {
      if ("title" in descriptor && descriptor.title) return String(descriptor.title);
    }
  }
  return "";
}

/**
 * The `meta` of a page (or layout) whose loader answers its translated
 * `title` and the `brandName`: "Deposit · Lucky Harbour".
 *
 *     export const meta = titleMeta<typeof loader>();
 *     export const meta = titleMeta<typeof loader>((data) => data.game.name);
 *
 * Without the page's data (its loader threw and its error boundary renders),
 * the title of the route above it stands — the layout's, else the brand's —
 * instead of an empty `<title>`.
 */
export function titleMeta<Loader extends LoaderFunction>(
  ...[title]: TitleArgs<Loader>
): MetaFunction<Loader> {
  const pick = (title ?? ((data: Titled) => data.title)) as (data: unknown) => string;
  return ({ data, matches }) => {
    const page = data as (Titled & Record<string, unknown>) | undefined;
    return [{ title: page ? pageTitle(pick(page), page.brandName) : inheritedTitle(matches) }];
  };
}

/**
 * The meta of a page with no title of its own (the lobby): Remix renders only
 * the deepest route's meta, so the title above it is repeated with `extra`.
 */
export function inheritedTitleMeta(...extra: MetaDescriptor[]): MetaFunction {
  return ({ matches }) => [{ title: inheritedTitle(matches) }, ...extra];
}
