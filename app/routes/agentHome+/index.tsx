/** Agent centre pages arrive with the agency work; the layout's guard already covers their URLs. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}
