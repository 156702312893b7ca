/** A new password and its confirmation (reset password, the security settings). */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { PasswordField } from "~/components/forms";

export function NewPasswordFields({
  password,
  confirm,
  passwordLabel,
  confirmLabel,
  hint,
}: {
  password: FieldMetadata<string>;
  confirm: FieldMetadata<string>;
  passwordLabel: string;
  confirmLabel: string;
  hint: string;
}) {
  return (
    <>
      <PasswordField
        labelProps={{ children: passwordLabel }}
        inputProps={{ ...getInputProps(password, { type: "password" }), autoComplete: "new-password" }}
        errors={password.errors}
        hint={hint}
      />
      <PasswordField
        labelProps={{ children: confirmLabel }}
        inputProps={{ ...getInputProps(confirm, { type: "password" }), autoComplete: "new-password" }}
        errors={confirm.errors}
      />
    </>
  );
}
