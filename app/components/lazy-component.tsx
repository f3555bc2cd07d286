import { lazy, Suspense, type ComponentType } from "react";

/**
 * A component the server renders at once and the browser loads as its own
 * chunk, to keep it out of a page's first JavaScript (the home page's budget,
 * docs/benchmarks.md).
 *
 * `onServer` comes from the wrapper's `.server` sibling, a static re-export of
 * the component: on the server it is the component itself, so the HTML has it
 * from the first byte (nothing streamed late, nothing missing without
 * JavaScript); in the browser build Remix empties `.server` modules, so it is
 * undefined and `load` fetches the chunk instead. While that chunk is on its
 * way, `Suspense` keeps the server's HTML on screen (React does not replace
 * dehydrated content with the fallback).
 */
export function serverFirst<Props extends object>(
  onServer: ComponentType<Props> | undefined,
  load: () => Promise<ComponentType<Props>>,
) {
  // lazy() types its props with refs, which a generic `Props` cannot be proved to match.
  const Component = (onServer ??
    lazy(() => load().then((component) => ({ default: component })))) as ComponentType<Props>;
  return function ServerFirst(props: Props) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}
