/** /member for a logged-in member arrives with identity; the layout guard sends visitors to log in. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}
