import { useId } from "react";

export interface WalletOption {
  /** `MAIN` or a vendor's vassalage code, as the action reads it. */
  code: string;
  name: string;
}

/** A labelled wallet picker with its error line (the space is kept, as in Field). */
export function WalletSelect({
  label,
  name,
  wallets,
  defaultValue,
  errors,
}: {
  label: string;
  name: string;
  wallets: WalletOption[];
  defaultValue?: string;
  errors?: string[] | null;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const error = errors?.[0];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      >
        {wallets.map((wallet) => (
          <option key={wallet.code} value={wallet.code}>
            {wallet.name}
          </option>
        ))}
      </select>
      <div id={errorId} className="field-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </div>
    </div>
  );
}
