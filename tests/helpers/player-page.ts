import { action, loader } from "~/routes/ops+/players.$memberId";
import { formPost, getAs, jsonBody } from "./routes";

/**
 * The player page's action with a staff member's cookie: what it answered,
 * returned or thrown (a redirect, a 403, a 404). The honeypot field is sent empty.
 */
export async function postToPlayerPage(
  memberId: string,
  cookie: string,
  fields: Record<string, string>,
  query = "",
): Promise<Response> {
  try {
    return (await action({
      ...formPost(
        `/ops/players/${memberId}${query}`,
        { website: "", ...fields },
        { Cookie: cookie },
      ),
      params: { memberId },
    } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The player page's loader data for a staff member (`query` picks the tab and its filters). */
export const playerPageData = async (memberId: string, cookie: string, query = "") =>
  jsonBody(
    await loader({
      ...getAs(`/ops/players/${memberId}${query}`, cookie),
      params: { memberId },
    } as never),
  );
