import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CaptchaField } from "./captcha-field";
import { Field, FormErrors, formReply } from "../forms/field";

/** What the staff login card shows; each site brings its own headings and wording. */
export interface StaffLoginCardProps {
  brandName: string;
  /** The page's heading. */
  title: string;
  /** The form's own heading under the page's (and what the form is labelled by); without one the title labels it. */
  formTitle?: string;
  /** The id of the heading that labels the form. */
  titleId: string;
  /** Shown between the title and the form's heading (the agent site's service hours). */
  details?: ReactNode;
  intro: string;
  /** Where the form posts. */
  action: string;
  labels: { username: string; password: string; submit: string };
  submitTestId: string;
  /** The login form's last answer: errors, what was typed (never the password), a captcha to solve. */
  result?: SubmissionResult<string[]> | null;
  captcha?: { id: string; image: string } | null;
  /** Under the form, inside the card (a link home). */
  footer?: ReactNode;
  /** Beside the card (a dialog the answer opened). */
  children?: ReactNode;
}

/**
 * The login card of the staff sites, /agent and /ops/login (their own layout, no portal
 * chrome): username and password, no remember option, a captcha when the platform asks
 * for one. Every button submits, so it works without JavaScript.
 */
export function StaffLoginCard(props: StaffLoginCardProps) {
  const { labels, captcha } = props;
  const { errors, values } = formReply(props.result);
  return (
    <main className="agent-login">
      <div className="agent-card">
        <p className="muted">{props.brandName}</p>
        {props.formTitle ? (
          <>
            <h1>{props.title}</h1>
            {props.details}
            <h2 id={props.titleId}>{props.formTitle}</h2>
          </>
        ) : (
          <>
            <h1 id={props.titleId}>{props.title}</h1>
            {props.details}
          </>
        )}
        <p className="muted">{props.intro}</p>
        <Form
          method="post"
          action={props.action}
          className="stack-form"
          noValidate
          aria-labelledby={props.titleId}
        >
          {captcha ? (
            // Enter in any field means "log in", not the captcha's "another one" button that comes first.
            <button
              type="submit"
              name="intent"
              value="login"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
            />
          ) : null}
          <Field
            name="username"
            label={labels.username}
            autoComplete="username"
            defaultValue={values.username}
            errors={errors.username}
            required
          />
          <Field
            name="password"
            type="password"
            label={labels.password}
            autoComplete="current-password"
            errors={errors.password}
            required
          />
          {captcha ? <CaptchaField captcha={captcha} errors={errors.captcha} /> : null}
          <FormErrors errors={errors[""]} />
          <button
            type="submit"
            name="intent"
            value="login"
            className="button primary"
            data-testid={props.submitTestId}
          >
            {labels.submit}
          </button>
        </Form>
        {props.footer}
      </div>
      {props.children}
    </main>
  );
}
