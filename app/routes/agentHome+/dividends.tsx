import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContractPage } from "~/components/agent/contracts/contract-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/utils/meta";
import { contractPageAction, contractPageLoader } from "./__contract-page.server";

export const meta = titleMeta<typeof loader>();

/** /agentHome/dividends: the agent’s dividend contract, offers to its downline, and the settlements (./__contract-page.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return contractPageLoader(request, "DIVIDEND");
}

export async function action({ request }: ActionFunctionArgs) {
  return contractPageAction(request, "DIVIDEND");
}

export default function DividendPage() {
  return (
    <ContractPage data={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
