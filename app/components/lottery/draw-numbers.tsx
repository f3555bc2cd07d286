import { useTranslation } from "~/utils/i18n";

/** A draw's numbers as balls, in draw order left to right in every language; LHC's last one is the special number. */
export function DrawNumbers({ numbers, special }: { numbers: number[]; special: boolean }) {
  const { t } = useTranslation();
  return (
    <ol
      dir="ltr"
      className="lottery-balls"
      aria-label={t("lottery.draws.numbers")}
      data-testid="draw-numbers"
    >
      {numbers.map((value, index) => {
        const isSpecial = special && index === numbers.length - 1;
        return (
          <li key={index} className={isSpecial ? "special" : undefined}>
            {isSpecial ? (
              <span className="visually-hidden">{t("lottery.draws.special")} </span>
            ) : null}
            {value}
          </li>
        );
      })}
    </ol>
  );
}
