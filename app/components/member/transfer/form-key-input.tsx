/**
 * The form's idempotency key (made by the loader, one per rendered form): a
 * double click, a retry or a re-post sends the same key, and the ledger
 * answers it with the first result. The name is IDEMPOTENCY_FIELD of
 * ~/utils/wallet.server, which the browser bundle cannot import.
 */
export function FormKeyInput({ formKey }: { formKey: string }) {
  return <input type="hidden" name="idempotencyKey" value={formKey} />;
}
