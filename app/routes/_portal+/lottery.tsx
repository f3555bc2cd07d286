import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LotteryPage } from "~/components/lottery/lottery-page";
import { titleMeta } from "~/utils/meta";
import { lotteryAction, lotteryLoader } from "./__lottery.server";

export const meta = titleMeta<typeof loader>();

/** /lottery?gameCode=…: login required; the games of its vendors, draws and bets (shared with the other lottery pages). */
export async function loader(args: LoaderFunctionArgs) {
  return lotteryLoader("lottery", args);
}

/** A bet on the open draw; a trial account gets the real-account notice. */
export async function action(args: ActionFunctionArgs) {
  return lotteryAction("lottery", args);
}

export default function LotteryRoute() {
  return (
    <LotteryPage data={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
