import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AgeCheckSection } from "~/components/age-check/age-check-section";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AuthenticatorSection } from "~/components/member/security/authenticator-section";
import { EmailSection } from "~/components/member/security/email-section";
import { KnownPlacesSection } from "~/components/member/security/known-places-section";
import { LoginPasswordSection } from "~/components/member/security/login-password-section";
import { PhoneSection } from "~/components/member/security/phone-section";
import { ProfileSection } from "~/components/member/security/profile-section";
import { useSectionKeys, type SecuritySection } from "~/components/member/security/section";
import { SessionsSection } from "~/components/member/security/sessions-section";
import { VipSection } from "~/components/member/security/vip-section";
import { WithdrawPasswordSection } from "~/components/member/security/withdraw-password-section";
import { formatTimestamp } from "~/platform/calendar/datetime";
import type { Database } from "~/platform/db/open.server";
import { boundContacts } from "~/platform/identity/contact-binding.server";
import { listKnownSignIns } from "~/platform/identity/known-sign-ins.server";
import type { MemberInfo } from "~/platform/identity/members.server";
import { INCOME_SOURCES, readProfile } from "~/platform/identity/profile.server";
import { listMemberSessions } from "~/platform/identity/sessions.server";
import { latestAdultBirthday } from "~/platform/protection/age-birthday.server";
import { ageCheckState } from "~/platform/protection/age.server";
import { levelName, REBATE_CATEGORIES, withdrawPolicyFor } from "~/platform/rewards/vip-levels";
import { vipPolicy, vipStatus } from "~/platform/rewards/vip.server";
import { getDb } from "~/platform/start.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { countriesFor } from "~/platform/system/countries";
import { fieldRuleMessage } from "~/platform/system/field-rules.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { hasWithdrawPassword } from "~/platform/wallet/withdraw-password.server";
import { requireRealMember } from "~/utils/auth.server";
import { deviceName } from "~/utils/device";
import { assertSameOrigin, readForm } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { fieldRule } from "~/utils/identity-schemas.server";
import { titleMeta } from "~/utils/meta";
import { requestAgeCheckAction } from "./__age-check-action.server";
import {
  authenticatorState,
  isAuthenticatorIntent,
  memberAuthenticatorAction,
} from "./__authenticator-actions.server";
import { isMultipart } from "./__proof-upload.server";
import { SECURITY_INTENTS, withdrawPasswordRule, type Reply } from "./__security-actions.server";

export const meta = titleMeta<typeof loader>();

/** The sections a redirect's `?done=` may name (the login password keeps its `?changed=1`). */
const DONE_SECTIONS = [
  "withdraw-password",
  "phone",
  "email",
  "profile",
  "age-check",
  "sessions",
  "known-places",
] as const satisfies readonly SecuritySection[];

/** The security centre. The member layout guards it; the loader and action check again on their own. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const memberId = viewer.member.id;
  const [brand, t, locale, withdrawPasswordSet, contacts, profile, ageCheck, sessions, places] =
    await Promise.all([
      getBrandConfig(db),
      translatorFor(request),
      i18next.getLocale(request),
      hasWithdrawPassword(db, memberId),
      boundContacts(db, memberId),
      readProfile(db, memberId),
      ageCheckState(db, memberId),
      listMemberSessions(db, memberId, viewer.sessionId),
      listKnownSignIns(db, memberId),
    ]);
  const latestBirthday = latestAdultBirthday(brand.timeZone);
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const ended = url.searchParams.get("ended");
  return json({
    title: t("security.title"),
    brandName: brand.name,
    passwordHint: fieldRuleMessage(fieldRule(brand, "password")!, t),
    changed: url.searchParams.get("changed") === "1",
    done: DONE_SECTIONS.find((section) => section === done) ?? null,
    withdrawPassword: {
      isSet: withdrawPasswordSet,
      hint: fieldRuleMessage(withdrawPasswordRule(brand), t),
    },
    contacts,
    countries: countriesFor(brand.countries),
    profile: {
      account: viewer.member.account,
      ...profile,
      incomeSources: [...INCOME_SOURCES],
      latestBirthday,
      birthdayVerified: ageCheck.status === "verified",
    },
    ageCheck: {
      ...ageCheck,
      latestBirthday,
      required: brand.ageVerification.beforeFirstDeposit,
    },
    authenticator: await authenticatorState(db, viewer.member, brand.name),
    sessions: sessions.map((session) => ({
      id: session.id,
      device: deviceName(session.userAgent),
      ip: session.ip,
      startedAt: formatTimestamp(session.createdAt.toISOString(), brand.timeZone),
      lastSeenAt: formatTimestamp(session.lastSeenAt.toISOString(), brand.timeZone),
      current: session.current,
    })),
    sessionsEnded:
      done === "sessions" ? ((["one", "others"] as const).find((w) => w === ended) ?? null) : null,
    // The places matter only where a sign-in from elsewhere is stepped up.
    knownPlaces: brand.security.newIpStepUp.enabled
      ? places.map((place) => ({
          id: place.id,
          kind: place.kind,
          shown:
            place.kind === "ip"
              ? place.shownValue
              : place.shownValue && deviceName(place.shownValue),
          firstSeenAt: formatTimestamp(place.firstSeenAt.toISOString(), brand.timeZone),
          lastSeenAt: formatTimestamp(place.lastSeenAt.toISOString(), brand.timeZone),
        }))
      : null,
    placesForgotten:
      done === "known-places"
        ? ((["one", "all"] as const).find((w) => w === url.searchParams.get("forgot")) ?? null)
        : null,
    // The VIP entry requires VIP.
    vip: viewer.member.hasVip ? await vipSection(db, viewer.member, brand, locale) : null,
  });
}

/** The VIP section (ADR 16): the level's label and benefits, and the way to the next level. */
async function vipSection(db: Database, member: MemberInfo, brand: BrandConfig, locale: string) {
  const { current, next, rollingDays } = await vipStatus(
    db,
    member.id,
    member.vipRankLevel,
    vipPolicy(brand),
  );
  const { withdraw } = withdrawPolicyFor(brand.wallet, current ?? undefined);
  return {
    level: member.vipRankLevel,
    name: levelName(current ?? undefined, locale),
    rates: REBATE_CATEGORIES.map((category) => ({
      category,
      rateBps: current?.rates[category] ?? 0,
    })).filter((rate) => rate.rateBps > 0),
    withdrawDailyCount: withdraw.dailyCount,
    withdrawMax: String(withdraw.max),
    next: next && { ...next, name: levelName(next, locale) },
    rollingDays,
    currency: { symbol: brand.currency.symbol, minorUnits: brand.currency.minorUnits },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  if (isMultipart(request)) return ageCheckAction(request);
  const formData = await readForm(request);
  const viewer = await requireRealMember(request);
  const intent = formData.get("intent");
  if (isAuthenticatorIntent(intent)) {
    const db = await getDb();
    const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
    return memberAuthenticatorAction({ request, formData, viewer, db, brand, t });
  }
  const handler =
    typeof intent === "string" && Object.hasOwn(SECURITY_INTENTS, intent)
      ? SECURITY_INTENTS[intent]
      : undefined;
  if (!handler) throw json({ error: "unknown_intent" }, { status: 400 });
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  return handler({ request, formData, viewer, db, brand, t });
}

/** The one multipart form of the page: a birthday with an ID document's photo. */
async function ageCheckAction(request: Request): Reply {
  assertSameOrigin(request);
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  return requestAgeCheckAction(request, { viewer, db, brand, t });
}

export default function SecurityCentre() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const location = useLocation();
  const keyFor = useSectionKeys(actionData, location.key);
  // Each form sees only its own answer.
  const answerFor = (section: SecuritySection) =>
    actionData?.section === section ? actionData : undefined;
  const doneIs = (section: SecuritySection) =>
    !actionData && (section === "login-password" ? data.changed : data.done === section);
  return (
    // A fragment: the member page's grid spaces the panels.
    <>
      <h1>{t("security.title")}</h1>
      {data.vip ? <VipSection vip={data.vip} /> : null}
      <LoginPasswordSection
        key={keyFor("login-password")}
        answer={answerFor("login-password")}
        hint={data.passwordHint}
        done={doneIs("login-password")}
      />
      <WithdrawPasswordSection
        key={keyFor("withdraw-password")}
        answer={answerFor("withdraw-password")}
        isSet={data.withdrawPassword.isSet}
        hint={data.withdrawPassword.hint}
        done={doneIs("withdraw-password")}
      />
      <PhoneSection
        key={keyFor("phone")}
        answer={answerFor("phone")}
        bound={data.contacts.mobile}
        countries={data.countries}
        done={doneIs("phone")}
        withAuthenticator={data.authenticator.status === "active"}
      />
      <EmailSection
        key={keyFor("email")}
        answer={answerFor("email")}
        bound={data.contacts.email}
        done={doneIs("email")}
        withAuthenticator={data.authenticator.status === "active"}
      />
      <ProfileSection
        key={keyFor("profile")}
        answer={answerFor("profile")}
        profile={data.profile}
        done={doneIs("profile")}
      />
      <AgeCheckSection
        key={keyFor("age-check")}
        answer={answerFor("age-check")}
        state={data.ageCheck}
        done={doneIs("age-check")}
      />
      <AuthenticatorSection
        key={keyFor("authenticator")}
        state={data.authenticator}
        // The other forms' answers all carry conform's `result`; the authenticator's never does.
        answer={actionData && !("result" in actionData) ? actionData : undefined}
      />
      <SessionsSection sessions={data.sessions} ended={actionData ? null : data.sessionsEnded} />
      {data.knownPlaces ? (
        <KnownPlacesSection
          places={data.knownPlaces}
          forgot={actionData ? null : data.placesForgotten}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
