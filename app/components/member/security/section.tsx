import type { SubmissionResult } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { formReply } from "~/components/forms/field";
import type { CodeSent } from "~/components/identity/sms-code-button";

/** The forms of the security centre; the action's answer names the one it belongs to. */
export type SecuritySection =
  | "login-password"
  | "withdraw-password"
  | "phone"
  | "email"
  | "profile"
  | "age-check"
  | "authenticator"
  | "sessions"
  | "known-places";

/** One form's last answer from the action (a 400 with errors, or the code just sent). */
export interface SectionAnswer {
  section?: SecuritySection;
  result?: SubmissionResult<string[]> | null;
  codeSent?: CodeSent | null;
}

/** Field errors, form errors (key "") and the entered values (never secrets) of an answer. */
export function answerParts(answer: SectionAnswer | undefined) {
  return formReply(answer?.result);
}

/**
 * One panel of the page: its heading, the note a successful save left (after
 * the redirect, so a reload does not repeat it), then the form. The id is the
 * anchor other pages link to, e.g. /member/security#withdraw-password, and
 * the one each form posts to, so the answer opens at its form (with
 * JavaScript off too) instead of at the top of a long page.
 */
export function SecurityCard({
  id,
  title,
  done,
  doneText,
  children,
}: {
  id: string;
  title: string;
  done?: boolean;
  doneText?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className="member-card security-section"
      aria-labelledby={`${id}-title`}
      data-testid={`${id}-section`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {done && doneText ? (
        <p className="form-success" role="status" data-testid={`${id}-done`}>
          {doneText}
        </p>
      ) : null}
      {children}
    </section>
  );
}

/**
 * The React key of each form. A form starts afresh when its own answer
 * arrives (the secrets cleared, the entered values back from the answer) and
 * after a save (the redirect: a new location, no answer), but not when the
 * location moves after an answer: Remix shows the answer before the page's
 * loaders finish, and a remount then would wipe what the member types next.
 */
export function useSectionKeys(answer: SectionAnswer | undefined, locationKey: string) {
  // Derived while rendering from the previous render's answer and location (no ref read during render).
  const [seen, setSeen] = useState({ answer, count: 0, pageKey: locationKey });
  const next = {
    answer,
    count: seen.answer === answer ? seen.count : seen.count + 1,
    pageKey: answer ? seen.pageKey : locationKey,
  };
  if (next.count !== seen.count || next.pageKey !== seen.pageKey) setSeen(next);
  const { count, pageKey } = next;
  return (section: SecuritySection) =>
    answer?.section === section ? `${section}-answer-${count}` : `${section}-${pageKey}`;
}
