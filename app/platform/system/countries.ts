/**
 * Country: countryCode and countryDialingCode, for the mobile-number
 * fields. A brand may narrow the list (brand config `countries`); its first
 * entry is the default selection.
 */
export interface Country {
  countryCode: string;
  countryDialingCode: string;
}

const table = `PK 92|IN 91|BD 880|LK 94|NP 977|AE 971|SA 966|QA 974|KW 965|OM 968|BH 973|GB 44|US 1|CA 1|AU 61|NZ 64
|JP 81|KR 82|CN 86|HK 852|MO 853|TW 886|SG 65|MY 60|ID 62|TH 66|VN 84|PH 63|KH 855|MM 95|LA 856|BR 55|PT 351
|AO 244|MZ 258|ES 34|FR 33|DE 49|IT 39|NL 31|TR 90|EG 20|NG 234|KE 254|ZA 27|MX 52|AR 54|CO 57|PE 51|CL 56|RU 7`;

export const COUNTRIES: readonly Country[] = table
  .split("|")
  .map((entry) => entry.trim().split(" "))
  .map(([countryCode, countryDialingCode]) => ({
    countryCode: countryCode!,
    countryDialingCode: countryDialingCode!,
  }));

export function countriesFor(codes: readonly string[] | undefined): Country[] {
  if (!codes?.length) return [...COUNTRIES];
  return codes.flatMap((code) => COUNTRIES.filter((country) => country.countryCode === code));
}

export function isDialingCode(value: string, countries: readonly Country[]) {
  return countries.some((country) => country.countryDialingCode === value);
}
