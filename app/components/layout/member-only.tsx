import { lazy, Suspense, type ComponentProps, type ComponentType } from "react";
import type * as Chrome from "./member-chrome";
import * as onServer from "./member-only.server";

type Name = keyof typeof Chrome;

/**
 * Member-only chrome stays out of visitors' JavaScript (the home page's budget,
 * docs/benchmarks.md). The server renders it at once (a static import: nothing
 * streamed late, nothing missing without JavaScript); the browser fetches one
 * chunk when a member page hydrates, keeping the server's HTML until it arrives.
 */
function memberOnly<K extends Name>(name: K) {
  type Props = ComponentProps<(typeof Chrome)[K]>;
  const Component = (onServer[name] ??
    lazy(() =>
      import("./member-chrome").then((chrome) => ({ default: chrome[name] })),
    )) as ComponentType<Props>;
  return function MemberOnly(props: Props) {
    return (
      <Suspense fallback={null}>
        <Component {...(props as Props & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}

export const MemberActions = memberOnly("MemberActions");
export const LogoutDialog = memberOnly("LogoutDialog");
export const NeedRealAccountDialog = memberOnly("NeedRealAccountDialog");
