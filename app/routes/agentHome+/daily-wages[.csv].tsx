import type { LoaderFunctionArgs } from "@remix-run/node";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { contractCsvLoader } from "./__contract-page.server";

/** /agentHome/daily-wages.csv: the page's settlement records under the same filters and scoping, every page of them. */
async function loadResource({ request }: LoaderFunctionArgs) {
  return contractCsvLoader(request, "DAILY");
}

export const loader = withResourceHeaders(loadResource);
