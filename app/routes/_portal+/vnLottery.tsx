import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/utils/auth.server";

/** §2: login required. What a member sees here arrives with the play work. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  throw new Response("Not found", { status: 404 });
}
