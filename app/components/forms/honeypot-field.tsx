import { HONEYPOT_FIELD } from "~/utils/honeypot";

/**
 * A field no person meets (not displayed, out of the tab order, hidden from
 * screen readers) that spam bots fill in; readForm refuses a post carrying a
 * value in it. The input sits inside its label, so it needs no id and a page
 * may hold many of these forms; autocomplete is off, so a browser never fills
 * it for a person either. Its label is never shown or read, so it is not
 * translated.
 */
export function HoneypotField() {
  return (
    <div style={{ display: "none" }} aria-hidden="true">
      <label>
        Please leave this field blank
        <input name={HONEYPOT_FIELD} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      </label>
    </div>
  );
}
