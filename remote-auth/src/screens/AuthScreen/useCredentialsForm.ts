import { useState } from 'react';
import { credentialsSchema, type Credentials } from '@snapshire/contracts';

export type CredentialField = keyof Credentials;
export type FieldErrors = Partial<Record<CredentialField, string>>;

const FIELD_ORDER: CredentialField[] = ['email', 'password'];

/** Form values and the per-field messages of credentialsSchema (shown beside each field). */
export function useCredentialsForm() {
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const setValue = (field: CredentialField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The message described the old value: drop it while the user types, re-check on the next submit.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  /** Checks the values; returns them parsed, or undefined with the errors set and the first bad field named. */
  const validate = (): { credentials: Credentials } | { firstInvalid: CredentialField } => {
    const result = credentialsSchema.safeParse(values);
    if (result.success) {
      setErrors({});
      return { credentials: result.data };
    }
    const next: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if ((field === 'email' || field === 'password') && !next[field]) next[field] = issue.message;
    }
    setErrors(next);
    return { firstInvalid: FIELD_ORDER.find((field) => next[field]) ?? 'email' };
  };

  return { values, errors, setValue, validate };
}
