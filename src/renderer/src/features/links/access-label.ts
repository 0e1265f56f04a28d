import { accessTypeSchema, type AccessType } from '../../../../shared/interface';

export const ACCESS_LABEL: Readonly<Record<AccessType, string>> = {
  public: 'Public',
  email: 'E-mail',
  email_code: 'E-mail + code',
  authorized_only: 'Signed-in users only',
};

/** The service may answer an access type newer than ours; show it as sent rather than fail. */
export function accessLabel(access: string): string {
  const parsed = accessTypeSchema.safeParse(access);
  return parsed.success ? ACCESS_LABEL[parsed.data] : access;
}
