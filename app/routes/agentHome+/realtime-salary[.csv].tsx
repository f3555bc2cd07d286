import type { LoaderFunctionArgs } from "@remix-run/node";
import { contractCsvLoader } from "./__contract-page.server";

/** /agentHome/realtime-salary.csv: the page's settlement records under the same filters and scoping, every page of them. */
export async function loader({ request }: LoaderFunctionArgs) {
  return contractCsvLoader(request, "REALTIME");
}
