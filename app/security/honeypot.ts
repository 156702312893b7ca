/** The honeypot's field names, shared by the form component and the server check. */
export const HONEYPOT_FIELD = "website";
export const FORM_TOKEN_FIELD = "formToken";
