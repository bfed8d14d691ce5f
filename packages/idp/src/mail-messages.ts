/** What a six-digit code is for. */
export type CodePurpose = 'SIGN_UP' | 'FORGOT_PASSWORD' | 'EMAIL_OTP';

function durationEn(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 !== 0) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = minutes / 60;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

function durationTh(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes % 60 !== 0 ? `${minutes} นาที` : `${minutes / 60} ชั่วโมง`;
}

const COPY: Record<
  CodePurpose,
  { subjectEn: string; subjectTh: string; leadEn: string; leadTh: string; ignoreEn: string; ignoreTh: string }
> = {
  SIGN_UP: {
    subjectEn: 'Confirm your e-mail address',
    subjectTh: 'ยืนยันอีเมลของคุณ',
    leadEn: 'Enter this code to finish creating your account:',
    leadTh: 'กรอกรหัสนี้เพื่อสมัครสมาชิกให้เสร็จสมบูรณ์:',
    ignoreEn: 'If you did not sign up, you can ignore this e-mail.',
    ignoreTh: 'หากคุณไม่ได้สมัครสมาชิก คุณไม่ต้องดำเนินการใด ๆ กับอีเมลฉบับนี้',
  },
  FORGOT_PASSWORD: {
    subjectEn: 'Reset your password',
    subjectTh: 'ตั้งรหัสผ่านใหม่',
    leadEn: 'Enter this code to set a new password:',
    leadTh: 'กรอกรหัสนี้เพื่อตั้งรหัสผ่านใหม่:',
    ignoreEn: 'If you did not ask to reset your password, you can ignore this e-mail; your password has not changed.',
    ignoreTh: 'หากคุณไม่ได้ขอตั้งรหัสผ่านใหม่ คุณไม่ต้องดำเนินการใด ๆ รหัสผ่านของคุณยังคงเดิม',
  },
  EMAIL_OTP: {
    subjectEn: 'Your sign-in code',
    subjectTh: 'รหัสสำหรับเข้าสู่ระบบ',
    leadEn: 'Enter this code to finish signing in:',
    leadTh: 'กรอกรหัสนี้เพื่อเข้าสู่ระบบ:',
    ignoreEn: 'If you did not try to sign in, someone may know your password: please change it.',
    ignoreTh: 'หากคุณไม่ได้พยายามเข้าสู่ระบบ อาจมีผู้อื่นทราบรหัสผ่านของคุณ โปรดเปลี่ยนรหัสผ่าน',
  },
};

/** The bilingual (English, then Thai) plain-text e-mail that carries a code. */
export function codeMessage(
  purpose: CodePurpose,
  code: string,
  validForMs: number,
  appName: string,
): { subject: string; text: string } {
  const copy = COPY[purpose];
  const text = [
    copy.leadEn,
    '',
    `    ${code}`,
    '',
    `The code expires in ${durationEn(validForMs)} and works once. Never share it with anyone.`,
    copy.ignoreEn,
    '',
    '-----',
    '',
    copy.leadTh,
    '',
    `    ${code}`,
    '',
    `รหัสนี้จะหมดอายุใน ${durationTh(validForMs)} และใช้ได้เพียงครั้งเดียว ห้ามบอกรหัสนี้แก่ผู้อื่น`,
    copy.ignoreTh,
    '',
    appName,
    '',
  ].join('\n');
  return { subject: `${appName}: ${copy.subjectEn} / ${copy.subjectTh}`, text };
}

/** The code inside a message written by `codeMessage`, for the dev mailbox. */
export function parseCode(text: string): string | null {
  return /(?:^|\s)(\d{6})(?:\s|$)/.exec(text)?.[1] ?? null;
}
