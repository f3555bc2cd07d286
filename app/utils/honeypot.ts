/** The form field people never see and spam bots fill in: a post with a value in it is refused. */
export const HONEYPOT_FIELD = "name__confirm";
