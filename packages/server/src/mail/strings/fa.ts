import type { MailStrings } from '../mail-strings.js';

export const fa: MailStrings = {
  resetSubject: 'بازنشانی گذرواژه',
  resetBody:
    'کسی درخواست بازنشانی گذرواژهٔ {email} را در Rowbase داده است.\nبرای انتخاب گذرواژهٔ تازه، این پیوند را ظرف یک ساعت باز کنید: {link}\nاگر شما نبودید، این پیام را نادیده بگیرید.',
  inviteSubject: 'به Rowbase دعوت شده‌اید',
  inviteBody:
    '{inviter} شما را به Rowbase دعوت کرده است.\nبرای انتخاب گذرواژه و ورود، این پیوند را باز کنید: {link}',
  inviteBaseSubject: 'به {base} در Rowbase دعوت شده‌اید',
  inviteBaseBody:
    '{inviter} شما را به پایگاه «{base}» در Rowbase دعوت کرده است.\nبرای انتخاب گذرواژه و باز کردن پایگاه، این پیوند را باز کنید: {link}',
  baseAccessBody: '{inviter} شما را به پایگاه «{base}» در Rowbase افزوده است.\nاز اینجا بازش کنید: {link}',
  verifySubject: 'نشانی ایمیل خود را تأیید کنید',
  verifyBody: 'برای تأیید {email} در Rowbase این پیوند را باز کنید: {link}',
  testSubject: 'ایمیل آزمایشی Rowbase',
  testBody: 'این یک پیام آزمایشی از Rowbase است: تنظیمات ایمیل کار می‌کند.',
  formSubject: 'پاسخ تازه به {form}',
  formBody: 'کسی فرم «{form}» را در Rowbase پر کرده است.\n{answers}\nدیدن پاسخ‌ها: {link}',
  hookAdded: '{table}: رکوردهای افزوده‌شده: {count}',
  hookUpdated: '{table}: رکوردهای به‌روزشده: {count}',
  hookDeleted: '{table}: رکوردهای حذف‌شده: {count}',
  hookSent: '{table}: رکوردهای ارسال‌شده به‌صورت دستی: {count}',
  hookMore: '… و {count} مورد دیگر',
};
